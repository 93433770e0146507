// The PDF viewer pane: opens at a cited page with the passage highlighted; pages, zoom, find.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { pagesLabel } from '@shared/labels.js'
import { citationHighlight, focusPage } from '@renderer/lib/citation-highlight.js'
import { rangeBoxes } from '@renderer/lib/text-ranges.js'
import { useLibrary, useStores, useViewer } from '@renderer/stores/app-stores.js'
import { call } from '@renderer/transport/api-types.js'
import { openPdf, type OpenedPdf } from './pdf-loader.js'
import { PdfPage } from './PdfPage.js'
import { findInPages } from './pdf-find.js'
import { findStatus as findWords, firstHitFrom, stepHit, type FindHit } from './reader-find.js'
import { usePageText } from './usePageText.js'
import { RemovedSource } from './RemovedSource.js'
import { ViewerToolbar } from './ViewerToolbar.js'
import { InlineError } from '../common/InlineError.js'

export function PdfViewer() {
  const { api, viewer } = useStores()
  const target = useViewer((s) => s.target)
  const zoom = useViewer((s) => s.zoom)
  const pageCount = useViewer((s) => s.pageCount)
  const findTerm = useViewer((s) => s.findTerm)
  const opened = useViewer((s) => s.opened)
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  /** Labels printed on the pages (pdf.js page labels), null when the PDF defines none. */
  const [labels, setLabels] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** Every match in the document (null while the pages are searched), and the current one. */
  const [hits, setHits] = useState<FindHit[] | null>([])
  const [active, setActive] = useState(-1)
  const findRef = useRef<HTMLInputElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  /** The scroll area's inner width, which an image page fills at 100 % (page-scale.ts). */
  const [fitWidth, setFitWidth] = useState<number | null>(null)
  // A removed document has no PDF to load: its stored passage is shown instead.
  const documentId = target && !target.removed ? target.documentId : null
  const page = target?.page ?? 1
  const isImage = useLibrary((s) => s.documents.find((d) => d.id === documentId)?.format === 'image')

  useEffect(() => {
    const el = scrollRef.current
    if (!isImage || !el) return setFitWidth(null)
    const measure = () => {
      const style = getComputedStyle(el)
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      // Whole pixels, and small changes ignored, so a scroll bar appearing does not redraw forever.
      setFitWidth((w) => (w !== null && Math.abs(w - inner) < 24 ? w : Math.floor(inner)))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [isImage, documentId])
  const { text, get } = usePageText(api, documentId, page)

  useEffect(() => {
    if (documentId === null) return
    let live = true
    let loaded: OpenedPdf | null = null
    setDoc(null)
    setLabels(null)
    setError(null)
    void call(api, 'library.pdfUrl', { documentId })
      .then(({ url }) => openPdf(url))
      .then((opened) => {
        loaded = opened
        if (!live) return void opened.close()
        setDoc(opened.doc)
        viewer.getState().setPageCount(opened.doc.numPages)
        void opened.doc.getPageLabels().then(
          (l) => live && setLabels(l),
          () => undefined,
        )
      })
      .catch((err: Error) => live && setError(err.message))
    return () => {
      live = false
      void loaded?.close()
    }
  }, [api, viewer, documentId])

  // A passage over several pages opens at its first; when the sentence carrying the claim is on a
  // later one, turn there once its pages' text is in (each opening once; a page the person turned
  // to meanwhile stays).
  useEffect(() => {
    const t = viewer.getState().target
    if (documentId === null || !t?.passage || !t.focus?.length || t.passagePages.length < 2) return
    let live = true
    const { passage, focus, passagePages, page: openedAt } = t
    void Promise.all(
      passagePages.map(async (p) => ({ pageNo: p, text: (await get(documentId, p))?.text ?? null })),
    ).then((pages) => {
      const strong = focusPage(pages, passage, focus)
      const now = viewer.getState().target
      if (live && strong !== null && strong !== openedAt && now?.page === openedAt)
        viewer.getState().setPage(strong)
    })
    return () => {
      live = false
    }
  }, [viewer, documentId, opened, get])

  // The passage faintly, and the sentences carrying the claim strongly on top of it.
  const { passageBoxes, focusBoxes } = useMemo(() => {
    const none = { passageBoxes: [], focusBoxes: [] }
    if (!text || !target?.passage) return none
    if (target.passagePages.length > 0 && !target.passagePages.includes(page)) return none
    const marked = citationHighlight(text.text, target.passage, target.focus ?? [])
    if (!marked.passage) return none
    return {
      passageBoxes: rangeBoxes(text.items, marked.passage),
      focusBoxes: marked.focus.flatMap((r) => rangeBoxes(text.items, r)),
    }
  }, [text, target?.passage, target?.passagePages, target?.focus, page])

  // The whole document is searched (pages are read once and cached), after a short pause in
  // typing; the current match starts on the page shown or the next one with a match.
  useEffect(() => {
    setActive(-1)
    if (documentId === null || !findTerm.trim() || pageCount === 0) return setHits([])
    setHits(null)
    const abort = new AbortController()
    const timer = setTimeout(() => {
      void findInPages((p) => get(documentId, p), pageCount, findTerm, abort.signal).then((found) => {
        if (!found) return
        setHits(found)
        setActive(firstHitFrom(found, viewer.getState().target?.page ?? 1))
      })
    }, 200)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
    // The page shown (read from the store) picks the first match when the term changes, not on
    // every page turn.
  }, [documentId, findTerm, pageCount, get, viewer])

  const onPage = useMemo(() => (hits ?? []).filter((h) => h.section === page), [hits, page])
  const findBoxes = useMemo(() => (text ? onPage.map((m) => rangeBoxes(text.items, m)) : []), [text, onPage])
  const current = hits?.[active]
  const activeFind = current && current.section === page ? onPage.indexOf(current) : -1

  function findNext(backwards: boolean): void {
    if (!hits || hits.length === 0) return
    const next = stepHit(hits, active, backwards)
    setActive(next)
    if (hits[next]!.section !== page) viewer.getState().setPage(hits[next]!.section)
  }

  if (!target) return null
  if (target.removed) return <RemovedSource target={target} onClose={() => viewer.getState().close()} />
  const findStatus = !findTerm.trim()
    ? ''
    : hits === null
      ? 'Searching…'
      : hits.length > 0 && active < 0
        ? `${hits.length} found`
        : findWords(hits, active)

  return (
    <aside className="viewer" aria-label="PDF viewer">
      <ViewerToolbar
        title={target.title}
        page={page}
        pageLabel={labels?.[page - 1] ?? null}
        pageCount={pageCount}
        zoom={zoom}
        findTerm={findTerm}
        findStatus={findStatus}
        findRef={findRef}
        onPage={(p) => viewer.getState().setPage(p)}
        onZoom={(f) => viewer.getState().zoomBy(f)}
        onResetZoom={() => viewer.getState().resetZoom()}
        onFind={(t) => viewer.getState().setFindTerm(t)}
        onFindNext={(back) => findNext(back)}
        onClose={() => viewer.getState().close()}
      />
      {target.citationN !== null && target.passage && (
        <p className="viewer-note small" role="status">
          {passageBoxes.length > 0
            ? `Source ${target.citationN} is highlighted on ${pagesLabel([page], [labels?.[page - 1] ?? null])}.`
            : text
              ? `Source ${target.citationN} is on page ${target.passagePages.join(', ')}.`
              : `Opening source ${target.citationN}…`}
        </p>
      )}
      <div className="viewer-scroll" ref={scrollRef}>
        <InlineError error={error} />
        {!doc && !error && <p className="muted center">Opening…</p>}
        {doc && (
          <PdfPage
            doc={doc}
            pageNo={page}
            zoom={zoom}
            fitWidth={fitWidth}
            passageBoxes={passageBoxes}
            focusBoxes={focusBoxes}
            findBoxes={findBoxes}
            activeFind={activeFind}
          />
        )}
      </div>
    </aside>
  )
}
