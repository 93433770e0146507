import { warningText } from '@shared/answer-warnings.js'
import { scopeLine as searchedLine } from '@shared/search-scope.js'
import type { Citation, Conversation, Message } from '@shared/chat-types.js'
import { findCitationMarkers } from '@shared/citation-markers.js'
import { alsoInLabel, baseName, pagesLabel } from '@shared/labels.js'

interface BibEntry {
  n: number
  file: string
  title: string
  pages: number[]
  /** The labels printed on those pages, when the PDF has them ("p. 9 (PDF p. 25)"). */
  pageLabels: (string | null)[]
  /** Where the passage is in a document without pages (shared/locator.ts). */
  locator?: string
}

export interface ExportOptions {
  /** File names of the library's documents by id, to say which ones an answer searched. */
  documentNames?: ReadonlyMap<number, string>
  /** The zone times are written in; the computer's own by default (tests fix it). */
  timeZone?: string
}

/**
 * A stored time as people read it where they are, with its zone: "1 Jan 2024, 11:00 CET". The
 * export is read away from the app, where a bare UTC timestamp would be an hour or more off.
 */
export function localTime(iso: string, timeZone?: string): string {
  const d = new Date(iso)
  if (!iso || Number.isNaN(d.getTime())) return iso
  return d.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  })
}

/**
 * The conversation as Markdown. Each answer numbered its sources from 1, so the export renumbers
 * every marker into one bibliography of cited files and pages: the same file and pages get the
 * same number throughout. Each answer says which model wrote it and which documents it searched,
 * labels its version when it was regenerated, and quotes the passages it rests on.
 */
export function exportConversationMarkdown(
  conversation: Conversation,
  messages: Message[],
  opts: ExportOptions = {},
): string {
  const time = (iso: string) => localTime(iso, opts.timeZone)
  const bibliography: BibEntry[] = []
  // A document without pages has one place per locator, as a PDF has one per set of pages.
  const keyOf = (c: Citation) =>
    `${c.file}\u0000${[...c.pages].sort((a, b) => a - b).join(',')}\u0000${c.locator ?? ''}`
  const numberOf = new Map<string, number>()
  const globalNumber = (c: Citation): number => {
    const key = keyOf(c)
    let n = numberOf.get(key)
    if (n === undefined) {
      n = bibliography.length + 1
      numberOf.set(key, n)
      const sorted = c.pages
        .map((p, i) => ({ p, label: c.pageLabels?.[i] ?? null }))
        .sort((a, b) => a.p - b.p)
      bibliography.push({
        n,
        file: c.file,
        title: c.title,
        pages: sorted.map((x) => x.p),
        pageLabels: sorted.map((x) => x.label),
        ...(c.locator ? { locator: c.locator } : {}),
      })
    }
    return n
  }

  const out: string[] = [`# ${escapeHeading(conversation.title)}`, '']
  out.push(
    `_Exported from Quire. Started ${time(conversation.createdAt)}, last activity ${time(conversation.updatedAt)}._`,
    '',
  )
  // Regenerated answers reply to the same question, and an edited question replies to the turn's
  // first wording: each answer is labelled as a version of that turn.
  const turnOf = (questionId: number) => messages.find((q) => q.id === questionId)?.replyTo ?? questionId
  const versionsOf = new Map<number, number[]>()
  for (const m of messages) {
    if (m.role === 'assistant' && m.replyTo !== null) {
      const turn = turnOf(m.replyTo)
      versionsOf.set(turn, [...(versionsOf.get(turn) ?? []), m.id])
    }
  }
  for (const m of messages) {
    if (m.role === 'user') {
      const heading = m.replyTo !== null ? '## Question (edited)' : '## Question'
      out.push(heading, '', `_${time(m.createdAt)}_`, '', m.text.trim(), '')
      continue
    }
    const versions = m.replyTo !== null ? (versionsOf.get(turnOf(m.replyTo)) ?? []) : []
    const version =
      versions.length > 1 ? ` — version ${versions.indexOf(m.id) + 1} of ${versions.length}` : ''
    const byN = new Map(m.citations.map((c) => [c.n, c]))
    out.push(`## Answer${version}${answerNote(m)}`, '')
    out.push(`_${[modelLine(m), scopeLine(m, opts.documentNames), time(m.createdAt)].join(' · ')}_`, '')
    out.push(renumber(m.text.trim(), byN, globalNumber), '')
    if (m.warnings.length) {
      // Read away from the app, so worded like the app (no CLI flags).
      for (const w of m.warnings) out.push(`> ${warningText(w, 'app')}`)
      out.push('')
    }
    // The passages themselves, quoted: what was cited, or what was shown when nothing was.
    const passages = m.citations.length ? m.citations : m.sources
    if (passages.length) {
      out.push(m.citations.length ? 'Cited passages:' : 'Passages:', '')
      for (const c of passages) {
        const also = alsoInLabel(c.alsoIn)
        const head = `[${globalNumber(c)}] ${baseName(c.file)}, ${pagesLabel(c.pages, c.pageLabels, c.locator)}${also ? ` (${also})` : ''}`
        out.push(`> **${head}**`, '>', ...quote(c.text), '')
      }
    }
  }
  if (bibliography.length) {
    out.push('## Sources', '')
    for (const b of bibliography) {
      const name = baseName(b.file)
      const title = b.title && b.title !== name ? ` — ${b.title}` : ''
      out.push(`${b.n}. ${name}${title}, ${pagesLabel(b.pages, b.pageLabels, b.locator)}`)
    }
    out.push('')
  }
  return out.join('\n')
}

function modelLine(m: Message): string {
  if (m.mode === 'retrieval-only') return 'No model: the most relevant passages'
  return m.model ? `Model: ${m.model}` : 'Model: unknown'
}

function scopeLine(m: Message, names: ReadonlyMap<number, string> | undefined): string {
  // Recorded with the answer, as it was called then (a collection renamed since keeps its old name here).
  if (m.trace?.scope) return searchedLine(m.trace.scope)
  const ids = m.trace?.documentIds
  if (!ids) return 'Searched: all documents'
  const named = ids.map((id) => names?.get(id) ?? `document ${id}`)
  return `Searched: ${named.length ? named.join(', ') : 'no documents'}`
}

/** A passage as a Markdown block quote: every line quoted, blank lines kept as quoted breaks. */
function quote(text: string): string[] {
  return text
    .trim()
    .split(/\n/)
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
}

function answerNote(m: Message): string {
  const notes: string[] = []
  if (m.mode === 'retrieval-only') notes.push('retrieval only')
  if (m.declined) notes.push('not found')
  if (m.status === 'stopped') notes.push('stopped')
  if (m.status === 'failed') notes.push('incomplete')
  return notes.length ? ` (${notes.join(', ')})` : ''
}

function renumber(text: string, byN: Map<number, Citation>, globalNumber: (c: Citation) => number): string {
  let out = ''
  let at = 0
  for (const marker of findCitationMarkers(text)) {
    const numbers = [
      ...new Set(
        marker.numbers
          .map((n) => byN.get(n))
          .filter((c): c is Citation => !!c)
          .map(globalNumber),
      ),
    ]
    out += text.slice(at, marker.start) + (numbers.length ? `[${numbers.join(', ')}]` : '')
    at = marker.end
  }
  return out + text.slice(at)
}

function escapeHeading(title: string): string {
  return title.replace(/\n/g, ' ').replace(/^#+\s*/, '')
}
