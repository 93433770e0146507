// The name a browser upload is saved under: a dropped folder's files keep their folders
// ("Q3/report.pdf"), so two report.pdf files stay apart and the list can say which is which.
const relativePaths = new WeakMap<File, string>()

/** Records where a file sat inside a dropped folder (the drop handler knows; File does not). */
export function setRelativePath(file: File, relativePath: string): void {
  relativePaths.set(file, relativePath.replace(/^\/+/, ''))
}

export function uploadName(file: File): string {
  return relativePaths.get(file) || file.webkitRelativePath || file.name
}
