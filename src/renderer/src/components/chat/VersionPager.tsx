// ‹ 2/3 › between the versions of a regenerated answer.
export function VersionPager({
  index,
  count,
  onPick,
}: {
  index: number
  count: number
  onPick: (index: number) => void
}) {
  if (count < 2) return null
  return (
    <span className="version-pager" role="group" aria-label="Answer versions">
      <button
        type="button"
        className="btn-icon"
        aria-label="Previous version"
        disabled={index === 0}
        onClick={() => onPick(index - 1)}
      >
        ‹
      </button>
      <span className="small" aria-live="polite">
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className="btn-icon"
        aria-label="Next version"
        disabled={index === count - 1}
        onClick={() => onPick(index + 1)}
      >
        ›
      </button>
    </span>
  )
}
