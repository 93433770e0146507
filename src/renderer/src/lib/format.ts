// Small formatters for numbers and times people read at a glance.

export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'estimating…'
  if (seconds < 5) return 'a few seconds left'
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`
  const minutes = Math.round(seconds / 60)
  return minutes === 1 ? 'about 1 min left' : `about ${minutes} min left`
}

export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso)
  if (Number.isNaN(then.getTime())) return ''
  const sameDay = then.toDateString() === now.toDateString()
  if (sameDay) return then.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return then.toLocaleDateString([], { month: 'short', day: 'numeric' })
}
