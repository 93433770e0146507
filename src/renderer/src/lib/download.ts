// Saves text as a file through the browser's download path (Electron shows its save dialog).
export function downloadText(fileName: string, text: string, type = 'text/markdown'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoke later: revoking synchronously can cancel the download in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
