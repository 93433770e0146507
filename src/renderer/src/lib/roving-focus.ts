// Lists that are one Tab stop (roving tabindex: the conversation list, the library's documents)
// move between their rows with the same keys.

/** The row a key moves to from row `index` of `count` (Up/Down/Home/End), or null: not ours, or off the ends. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  const to =
    key === 'ArrowDown'
      ? index + 1
      : key === 'ArrowUp'
        ? index - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : null
  return to === null || to < 0 || to >= count ? null : to
}
