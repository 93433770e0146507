// Text from files (names, titles, PDF text) is shown in a terminal: control characters in it
// would be obeyed, not printed. A file named "\x1b]0;…\x07report.pdf" could retitle the window,
// clear the screen, hide the rest of the line or fake other output.

/** C0 controls (tab excepted), DEL, C1 controls, and bidi overrides that reorder what is shown. */
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** The text with every control character shown as a visible escape (`\x1b`, `\u202e`). */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const n = c.charCodeAt(0)
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`
  })
}
