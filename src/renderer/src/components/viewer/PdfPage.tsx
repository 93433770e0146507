// One PDF page: canvas, pdf.js text layer (for selection and copy), and highlight boxes on top.
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist'
import type { Box } from '@renderer/lib/text-ranges.js'
import { pageScale } from './page-scale.js'
import { loadPdfjs } from './pdf-loader.js'

export interface PdfPageProps {
  doc: PDFDocumentProxy
  pageNo: number
  zoom: number
  /** Image files: the width (CSS px) the page fills at 100 % (page-scale.ts); null for PDFs. */
  fitWidth?: number | null
  passageBoxes: Box[]
  /** The sentences carrying the claim; when present the passage around them is marked faintly. */
  focusBoxes: Box[]
  /** Boxes of each find match on this page (a match can span several text items). */
  findBoxes: Box[][]
  activeFind: number
}

export function PdfPage({
  doc,
  pageNo,
  zoom,
  fitWidth = null,
  passageBoxes,
  focusBoxes,
  findBoxes,
  activeFind,
}: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const textRef = useRef<HTMLDivElement>(null)
  const firstMark = useRef<HTMLDivElement>(null)
  const [viewport, setViewport] = useState<PageViewport | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    let renderTask: { cancel(): void; promise: Promise<void> } | null = null
    let textLayer: { cancel(): void } | null = null
    void (async () => {
      try {
        const pdfjs = await loadPdfjs()
        const page = await doc.getPage(pageNo)
        if (cancelled) return
        const vp = page.getViewport({
          scale: pageScale(zoom, page.getViewport({ scale: 1 }).width, fitWidth),
        })
        const canvas = canvasRef.current!
        const ratio = window.devicePixelRatio || 1
        canvas.width = Math.floor(vp.width * ratio)
        canvas.height = Math.floor(vp.height * ratio)
        canvas.style.width = `${Math.floor(vp.width)}px`
        canvas.style.height = `${Math.floor(vp.height)}px`
        setViewport(vp)
        renderTask = page.render({
          canvas,
          viewport: vp,
          ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
        })
        const container = textRef.current!
        container.replaceChildren()
        const layer = new pdfjs.TextLayer({
          textContentSource: page.streamTextContent(),
          container,
          viewport: vp,
        })
        textLayer = layer
        await Promise.all([renderTask.promise, layer.render()])
        if (!cancelled) setError(null)
      } catch (err) {
        if (!cancelled && (err as Error).name !== 'RenderingCancelledException')
          setError((err as Error).message)
      }
    })()
    return () => {
      cancelled = true
      renderTask?.cancel()
      textLayer?.cancel()
    }
  }, [doc, pageNo, zoom, fitWidth])

  // Bring the highlighted passage (or the current find match) into view.
  useEffect(() => {
    firstMark.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
  }, [viewport, passageBoxes, focusBoxes, activeFind, findBoxes])

  const toRect = (b: Box) => {
    if (!viewport) return null
    const [x1, y1] = viewport.convertToViewportPoint(b.x, b.y) as [number, number]
    const [x2, y2] = viewport.convertToViewportPoint(b.x + b.w, b.y + b.h) as [number, number]
    return {
      left: Math.min(x1, x2),
      top: Math.min(y1, y2),
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
    }
  }
  const scrollTarget =
    findBoxes.length > 0 ? `find-${activeFind}` : focusBoxes.length > 0 ? 'focus-0' : 'passage-0'
  const passageClass = focusBoxes.length > 0 ? 'mark mark-passage is-faint' : 'mark mark-passage'

  return (
    <div
      className="pdf-page"
      data-page={pageNo}
      style={
        {
          '--scale-factor': zoom,
          '--user-unit': 1,
          '--total-scale-factor': zoom,
          '--scale-round-x': '1px',
          '--scale-round-y': '1px',
        } as CSSProperties
      }
    >
      <canvas ref={canvasRef} aria-label={`Page ${pageNo}`} role="img" />
      <div ref={textRef} className="textLayer" />
      <div className="mark-layer" aria-hidden="true">
        {passageBoxes.map((b, i) => {
          const r = toRect(b)
          return (
            r && (
              <div
                key={`p${i}`}
                ref={scrollTarget === `passage-${i}` ? firstMark : undefined}
                className={passageClass}
                style={r}
              />
            )
          )
        })}
        {focusBoxes.map((b, i) => {
          const r = toRect(b)
          return (
            r && (
              <div
                key={`s${i}`}
                ref={scrollTarget === `focus-${i}` ? firstMark : undefined}
                className="mark mark-focus"
                style={r}
              />
            )
          )
        })}
        {findBoxes.map((boxes, i) =>
          boxes.map((b, j) => {
            const r = toRect(b)
            return (
              r && (
                <div
                  key={`f${i}-${j}`}
                  ref={j === 0 && scrollTarget === `find-${i}` ? firstMark : undefined}
                  className={`mark mark-find ${i === activeFind ? 'is-active' : ''}`}
                  style={r}
                />
              )
            )
          }),
        )}
      </div>
      {error && (
        <p className="inline-error page-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
