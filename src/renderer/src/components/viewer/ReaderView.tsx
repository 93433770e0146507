// The reader view: a document without pages (Word, OpenDocument, slides, HTML, Markdown, text,
// EPUB) shown from its stored text and structure (library.documentText), one section at a time,
// opened at a cited passage with the same strong/faint highlight as a PDF page; find across the
// whole document. The document's file is never opened.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { DocumentText } from '@shared/document-text.js'
import { citationHighlight } from '@renderer/lib/citation-highlight.js'
import type { CharRange } from '@renderer/lib/text-ranges.js'
import { useStores, useViewer } from '@renderer/stores/app-stores.js'
import { call } from '@renderer/transport/api-types.js'
import { findInSections, findStatus, firstHitFrom, stepHit } from './reader-find.js'
import type { Marks } from './reader-layout.js'
import { ReaderSection } from './ReaderSection.js'
import { ReaderToolbar } from './ReaderToolbar.js'
import { InlineError } from '../common/InlineError.js'

export function ReaderView() {
  const { api, viewer } = useStores()
  const target = useViewer((s) => s.target)
  const findTerm = useViewer((s) => s.findTerm)
  const opened = useViewer((s) => s.opened)
  const [doc, setDoc] = useState<DocumentText | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [activeFind, setActiveFind] = useState(-1)
  const findRef = useRef<HTMLInputElement>(null)
  /** Which document and chunk `doc` was read for (a new opening may still show the last one). */
  const loadedFor = useRef('')
  const scrollRef = useRef<HTMLElement>(null)
  const scrollBox = useRef<HTMLDivElement>(null)
  const documentId = target?.documentId ?? null
  const chunkId = target?.chunkId
  const sectionNo = target?.page ?? 1

  useEffect(() => {
    if (documentId === null) return
    let live = true
    loadedFor.current = ''
    setDoc(null)
    setError(null)
    void call(api, 'library.documentText', { documentId, ...(chunkId ? { chunkId } : {}) })
      .then((text) => {
        if (!live) return
        viewer.getState().setPageCount(text.sections.length)
        loadedFor.current = `${documentId}:${chunkId ?? ''}`
        setDoc(text)
      })
      .catch((err: Error) => live && setError(err.message))
    return () => {
      live = false
    }
  }, [api, viewer, documentId, chunkId])

  // Each opening of a citation (the same one again too) goes to the section its passage starts in.
  useEffect(() => {
    const first = doc?.passage?.spans[0]?.page
    if (first && loadedFor.current === `${documentId}:${chunkId ?? ''}`) viewer.getState().setPage(first)
  }, [doc, opened, viewer, documentId, chunkId])

  const section = doc?.sections.find((s) => s.n === sectionNo) ?? doc?.sections[0] ?? null

  // The cited passage in this section: found by its text (as on a PDF page), else where its chunk's
  // stored span says it is.
  const highlight = useMemo(() => {
    if (!section || !target?.passage || !doc) return null
    const spans = doc.passage?.spans ?? []
    const here = spans.filter((s) => s.page === section.n)
    if (spans.length > 0 && here.length === 0) return null
    const known: CharRange | null = here.length
      ? { start: Math.min(...here.map((s) => s.start)), end: Math.max(...here.map((s) => s.end)) }
      : null
    return citationHighlight(section.text, target.passage, target.focus ?? [], known)
  }, [section, doc, target?.passage, target?.focus])

  const hits = useMemo(() => (doc ? findInSections(doc.sections, findTerm) : []), [doc, findTerm])
  // A new term starts at the first match from the section shown onward.
  useEffect(() => {
    const at = firstHitFrom(hits, viewer.getState().target?.page ?? 1)
    setActiveFind(at)
    if (at >= 0) viewer.getState().setPage(hits[at]!.section)
  }, [hits, viewer])

  const marks: Marks = useMemo(() => {
    const here = section ? hits.filter((h) => h.section === section.n) : []
    const active = hits[activeFind]
    return {
      passage: highlight?.passage ?? null,
      focus: highlight?.focus ?? [],
      finds: here,
      activeFind: active && section && active.section === section.n ? here.indexOf(active) : -1,
    }
  }, [section, hits, activeFind, highlight])

  // Another section starts at its top; then the current find match, else the claim, else the
  // passage, is brought into view.
  useEffect(() => {
    if (scrollBox.current) scrollBox.current.scrollTop = 0
  }, [section?.n, doc])
  useEffect(() => {
    scrollRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
  }, [marks, section])

  function findNext(backwards: boolean): void {
    const next = stepHit(hits, activeFind, backwards)
    setActiveFind(next)
    if (next >= 0) viewer.getState().setPage(hits[next]!.section)
  }

  if (!target) return null
  const locator = doc?.passage?.locator ?? null
  const n = target.citationN
  const note =
    n === null || !target.passage
      ? null
      : !doc
        ? `Opening source ${n}…`
        : highlight?.passage
          ? `Source ${n} is highlighted${locator ? ` at ${locator}` : ''}.`
          : locator
            ? `Source ${n} is at ${locator}.`
            : `Source ${n} could not be found in the text of this document.`

  return (
    <aside className="viewer reader-view" aria-label="Reader view">
      <ReaderToolbar
        title={target.title}
        locator={n !== null ? locator : null}
        section={section?.n ?? 1}
        sectionCount={doc?.sections.length ?? 0}
        sectionTitle={section?.title ?? null}
        findTerm={findTerm}
        findStatus={findStatus(hits, activeFind)}
        findRef={findRef}
        onSection={(s) => viewer.getState().setPage(s)}
        onFind={(t) => viewer.getState().setFindTerm(t)}
        onFindNext={findNext}
        onClose={() => viewer.getState().close()}
      />
      {note && (
        <p className="viewer-note small" role="status">
          {note}
        </p>
      )}
      <div className="viewer-scroll reader-scroll" ref={scrollBox}>
        <InlineError error={error} />
        {!doc && !error && <p className="muted center">Opening…</p>}
        {doc && !section && <p className="muted center">This document has no stored text.</p>}
        {section && <ReaderSection section={section} marks={marks} scrollRef={scrollRef} />}
      </div>
    </aside>
  )
}
