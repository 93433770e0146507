import { warningText } from '@shared/answer-warnings.js'
import type { Citation, Conversation, Message } from '@shared/chat-types.js'
import { findCitationMarkers } from '@shared/citation-markers.js'
import { baseName, pagesLabel } from '@shared/labels.js'

interface BibEntry {
  n: number
  file: string
  title: string
  pages: number[]
  /** The labels printed on those pages, when the PDF has them ("p. 9 (PDF p. 25)"). */
  pageLabels: (string | null)[]
}

/**
 * The conversation as Markdown. Each answer numbered its sources from 1, so the export renumbers
 * every marker into one bibliography of cited files and pages: the same file and pages get the
 * same number throughout.
 */
export function exportConversationMarkdown(conversation: Conversation, messages: Message[]): string {
  const bibliography: BibEntry[] = []
  const keyOf = (c: Citation) => `${c.file}\u0000${[...c.pages].sort((a, b) => a - b).join(',')}`
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
      })
    }
    return n
  }

  const out: string[] = [`# ${escapeHeading(conversation.title)}`, '']
  out.push(
    `_Exported from Quire. Started ${conversation.createdAt}, last activity ${conversation.updatedAt}._`,
    '',
  )
  for (const m of messages) {
    if (m.role === 'user') {
      out.push(`## Question`, '', m.text.trim(), '')
      continue
    }
    const byN = new Map(m.citations.map((c) => [c.n, c]))
    out.push(`## Answer${answerNote(m)}`, '', renumber(m.text.trim(), byN, globalNumber), '')
    if (m.warnings.length) {
      // Read away from the app, so worded like the app (no CLI flags).
      for (const w of m.warnings) out.push(`> ${warningText(w, 'app')}`)
      out.push('')
    }
  }
  if (bibliography.length) {
    out.push('## Sources', '')
    for (const b of bibliography) {
      const name = baseName(b.file)
      const title = b.title && b.title !== name ? ` — ${b.title}` : ''
      out.push(`${b.n}. ${name}${title}, ${pagesLabel(b.pages, b.pageLabels)}`)
    }
    out.push('')
  }
  return out.join('\n')
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
