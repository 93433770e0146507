// Shown while files are dragged over the window.
export function DropOverlay() {
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-card">
        <strong>Drop to add to your library</strong>
        <span>PDFs and folders of PDFs</span>
      </div>
    </div>
  )
}
