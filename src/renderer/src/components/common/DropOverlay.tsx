// Shown while files are dragged over the window.
export function DropOverlay() {
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-card">
        <strong>Drop to add to your library</strong>
        <span>Documents and folders of documents</span>
      </div>
    </div>
  )
}
