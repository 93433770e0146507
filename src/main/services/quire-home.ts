import os from 'node:os'
import path from 'node:path'

/**
 * Where Quire keeps its data — the desktop app, browser mode and the CLI all use this one folder,
 * so `quire ask` finds what was imported in the app: $QUIRE_HOME, else the platform's data folder
 * (Linux $XDG_DATA_HOME/quire or ~/.local/share/quire, macOS ~/Library/Application Support/Quire,
 * Windows %APPDATA%\Quire).
 */
export function quireHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.QUIRE_HOME) return path.resolve(env.QUIRE_HOME)
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Quire')
  if (platform === 'win32')
    return path.join(env.APPDATA || path.join(os.homedir(), 'AppData', 'Roaming'), 'Quire')
  const xdg = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share')
  return path.join(xdg, 'quire')
}

/** The library folder inside Quire's data folder. */
export function defaultLibraryDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(quireHome(env), 'library')
}
