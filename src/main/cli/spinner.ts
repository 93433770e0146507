import type { Io } from './output.js'

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const INTERVAL_MS = 100

export interface Spinner {
  /** Shows (or replaces) what is happening; the first call starts the animation. */
  set(text: string): void
  /** Erases the spinner line; safe to call more than once. */
  stop(): void
}

/**
 * A one-line "what is happening" indicator for the wait before the first streamed token (a
 * follow-up can take tens of seconds while the model reads the prompt). Terminals only: piped
 * output gets nothing, so scripts never see spinner frames.
 */
export function createSpinner(io: Io): Spinner {
  if (!io.stdout.isTTY) return { set() {}, stop() {} }
  let text = ''
  let frame = 0
  let timer: ReturnType<typeof setInterval> | null = null
  const draw = () => {
    io.stdout.write(`\r\x1b[K${FRAMES[frame % FRAMES.length]} ${text}`)
    frame++
  }
  return {
    set(next) {
      text = next
      draw()
      if (!timer) {
        timer = setInterval(draw, INTERVAL_MS)
        timer.unref?.()
      }
    },
    stop() {
      if (!timer) return
      clearInterval(timer)
      timer = null
      io.stdout.write('\r\x1b[K')
    },
  }
}
