import path from 'node:path'
import { QuireError } from '@shared/errors.js'

/**
 * The paths the user handed to the desktop app: chosen in the main process's own dialogs or
 * dropped on the window (the preload resolves a dropped File with webUtils.getPathForFile, which a
 * page script cannot forge). Import routes accept only these (or what lies inside a granted
 * folder), so a compromised renderer cannot make the app read `/etc/shadow` or `~/.ssh`.
 */
export class GrantedPaths {
  private readonly granted = new Set<string>()

  grant(paths: readonly string[]): void {
    for (const p of paths) if (path.isAbsolute(p)) this.granted.add(path.resolve(p))
  }

  allows(p: string): boolean {
    if (!path.isAbsolute(p)) return false
    const wanted = path.resolve(p)
    for (const g of this.granted) {
      if (wanted === g) return true
      const rel = path.relative(g, wanted)
      if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)) return true
    }
    return false
  }

  /** Throws PATH_NOT_GRANTED naming the first path the user did not choose. */
  check(paths: readonly string[]): void {
    const refused = paths.find((p) => !this.allows(p))
    if (refused !== undefined) {
      throw new QuireError(
        'PATH_NOT_GRANTED',
        `Quire only imports files you choose or drop on its window; ${refused} was not.`,
      )
    }
  }
}

/**
 * The main side of the preload's grant channel: a dropped file's path, accepted only from our own
 * page's top frame and only as a non-empty absolute path.
 */
export function grantFromSender(granted: GrantedPaths, trusted: boolean, p: unknown): boolean {
  if (!trusted || typeof p !== 'string' || p === '' || !path.isAbsolute(p)) return false
  granted.grant([p])
  return true
}
