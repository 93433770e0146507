// The PDF viewer pane: opens at a cited page with the passage highlighted; pages, zoom, find.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { pagesLabel } from '@shared/labels.js'
import { citationHighlight } from '@renderer/lib/citation-highlight.js'
import { findAll, rangeBoxes } from '@renderer/lib/text-ranges.js'
import { useStores, useViewer } from '@renderer/stores/app-stores.js'
import { call } from '@renderer/transport/api-types.js'
import { openPdf, type OpenedPdf } from './pdf-loader.js'
import { PdfPage } from './PdfPage.js'
import { usePageText } from './usePageText.js'
import { RemovedSource } from './RemovedSource.js'
import { ViewerToolbar } from './ViewerToolbar.js'

export function PdfViewer() {
  const { api, viewer } = useStores()
  const target = useViewer((s) => s.target)
  const zoom = useViewer((s) => s.zoom)
  const pageCount = useViewer((s) => s.pageCount)
  const findTerm = useViewer((s) => s.findTerm)
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  /** Labels printed on the pages (pdf.js page labels), null when the PDF defines none. */
  const [labels, setLabels] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [activeFind, setActiveFind] = useState(0)
  const [findMiss, setFindMiss] = useState(false)
  const findRef = useRef<HTMLInputElement>(null)
  // A removed document has no PDF to load: its stored passage is shown instead.
  const documentId = target && !target.removed ? target.documentId : null
  const page = target?.page ?? 1
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

  const matches = useMemo(
    () => (text && findTerm.trim() ? findAll(text.text, findTerm) : []),
    [text, findTerm],
  )
  const findBoxes = useMemo(
    () => (text ? matches.map((m) => rangeBoxes(text.items, m)) : []),
    [text, matches],
  )
  useEffect(() => setFindMiss(false), [findTerm])

  async function findNext(backwards: boolean): Promise<void> {
    if (!target || !findTerm.trim()) return
    if (!backwards && activeFind + 1 < matches.length) return setActiveFind(activeFind + 1)
    if (backwards && activeFind > 0) return setActiveFind(activeFind - 1)
    // Walk the other pages in order (wrapping) for the next page with a match.
    const count = pageCount || 1
    for (let step = 1; step < count; step++) {
      const p = backwards ? ((page - 1 - step + count) % count) + 1 : ((page - 1 + step) % count) + 1
      const t = await get(target.documentId, p)
      const hits = t ? findAll(t.text, findTerm) : []
      if (hits.length > 0) {
        viewer.getState().setPage(p)
        setActiveFind(backwards ? hits.length - 1 : 0)
        return
      }
    }
    setFindMiss(matches.length === 0)
  }

  if (!target) return null
  if (target.removed) return <RemovedSource target={target} onClose={() => viewer.getState().close()} />
  const findStatus =
    matches.length > 0
      ? `${activeFind + 1} of ${matches.length} on this page`
      : findMiss
        ? 'Not found'
        : 'Enter to search all pages'

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
        onPage={(p) => {
          setActiveFind(0)
          viewer.getState().setPage(p)
        }}
        onZoom={(f) => viewer.getState().zoomBy(f)}
        onResetZoom={() => viewer.getState().resetZoom()}
        onFind={(t) => {
          setActiveFind(0)
          viewer.getState().setFindTerm(t)
        }}
        onFindNext={(back) => void findNext(back)}
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
      <div className="viewer-scroll">
        {error && (
          <p className="inline-error" role="alert">
            {error}
          </p>
        )}
        {!doc && !error && <p className="muted center">Opening…</p>}
        {doc && (
          <PdfPage
            doc={doc}
            pageNo={page}
            zoom={zoom}
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
