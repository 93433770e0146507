// One section of a document in the reader view, rendered by React from its stored text and blocks:
// headings with their levels, paragraphs, lists, code, tables, quotes, footnotes and notes. Every
// piece of text is a React text node, never markup: nothing in a document can run, load or link.
import { createElement, type ReactNode, type Ref } from 'react'
import type { TextBlock, TextSection } from '@shared/document-text.js'
import { groupBlocks, markPieces, tableCells, type Marks, type Piece } from './reader-layout.js'

export interface ReaderSectionProps {
  section: TextSection
  marks: Marks
  /** Set on the element to scroll to: the current find match, else the first strong sentence, else the passage. */
  scrollRef: Ref<HTMLElement>
}

type ScrollTarget = 'find' | 'focus' | 'passage' | null

export function ReaderSection({ section, marks, scrollRef }: ReaderSectionProps) {
  const target: ScrollTarget =
    marks.activeFind >= 0 ? 'find' : marks.focus.length > 0 ? 'focus' : marks.passage ? 'passage' : null
  let placed = false
  const faint = marks.focus.length > 0

  function piece(p: Piece): ReactNode {
    const text = section.text.slice(p.start, p.end)
    const classes = [
      p.passage && `mark-passage${faint ? ' is-faint' : ''}`,
      p.focus && 'mark-focus',
      p.find >= 0 && `mark-find${p.find === marks.activeFind ? ' is-active' : ''}`,
    ].filter(Boolean)
    if (classes.length === 0) return text
    const wanted =
      (target === 'find' && p.find === marks.activeFind) ||
      (target === 'focus' && p.focus) ||
      (target === 'passage' && p.passage)
    const first = wanted && !placed
    if (first) placed = true
    return (
      <mark key={p.start} className={`reader-mark ${classes.join(' ')}`} ref={first ? scrollRef : undefined}>
        {text}
      </mark>
    )
  }

  const text = (start: number, end: number) => markPieces({ start, end }, marks).map(piece)

  function block(b: TextBlock): ReactNode {
    const key = b.start
    const body = text(b.start, b.end)
    switch (b.kind) {
      case 'heading': {
        const level = Math.min(4, Math.max(1, b.level ?? 1))
        // The section's own title is an h3; the document's headings sit below it.
        return createElement(`h${Math.min(6, level + 3)}`, { key, className: `reader-h${level}` }, body)
      }
      case 'code':
        return (
          <pre key={key} className="reader-code">
            <code>{body}</code>
          </pre>
        )
      case 'quote':
        return (
          <blockquote key={key} className="reader-quote">
            {body}
          </blockquote>
        )
      case 'footnote':
        return (
          <p key={key} className="reader-footnote">
            {body}
          </p>
        )
      case 'note':
        return (
          <aside key={key} className="reader-note">
            <span className="reader-note-label">Note</span> {body}
          </aside>
        )
      default:
        return (
          <p key={key} className="reader-paragraph">
            {body}
          </p>
        )
    }
  }

  return (
    <article className="reader-section" data-section={section.n}>
      {section.title && <h3 className="reader-section-title">{section.title}</h3>}
      {groupBlocks(section.blocks).map((g) => {
        if (g.kind === 'single') return block(g.block)
        const key = g.blocks[0]!.start
        if (g.kind === 'list')
          return (
            <ul key={key} className="reader-list">
              {g.blocks.map((b) => (
                <li key={b.start} className={`reader-depth-${Math.min(6, Math.max(1, b.level ?? 1))}`}>
                  {text(b.start, b.end)}
                </li>
              ))}
            </ul>
          )
        return (
          <table key={key} className="reader-table">
            <tbody>
              {g.blocks.map((b) => (
                <tr key={b.start}>
                  {tableCells(section.text, b).map((c) => (
                    <td key={c.start}>{text(c.start, c.end)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )
      })}
    </article>
  )
}
