import os from 'node:os'
import path from 'node:path'

/** Where browser mode keeps its data: $QUIRE_HOME, else the XDG data folder (~/.local/share/quire). */
export function quireHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.QUIRE_HOME) return path.resolve(env.QUIRE_HOME)
  const xdg = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share')
  return path.join(xdg, 'quire')
}
