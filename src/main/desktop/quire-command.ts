// "Install the quire command" (the app's menu), as VS Code installs `code`: a small launcher script
// in a user bin folder that starts the app's own binary in CLI mode. The packaged binary cannot run
// as plain Node (its runAsNode fuse is off, electron-builder.yml), so the launcher passes CLI_FLAG
// and the app's entry runs the CLI instead of opening a window. Plain Node, no electron: tested in
// a temp dir.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'

/** The first argument a launcher gives the app binary: what follows is a `quire` command line. */
export const CLI_FLAG = '--quire-cli'

/** The `quire` arguments when the app was started by the launcher, else null (open the window). */
export function cliArgsOf(argv: readonly string[]): string[] | null {
  const i = argv.indexOf(CLI_FLAG)
  return i === -1 ? null : argv.slice(i + 1)
}

/** Where the command goes: a folder the user owns and usually has on PATH. */
export function defaultBinDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir()
  if (platform === 'darwin') return '/usr/local/bin'
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA ?? path.win32.join(home, 'AppData', 'Local')
    return path.win32.join(local, 'Programs', 'Quire', 'bin')
  }
  return path.join(home, '.local', 'bin')
}

/**
 * Chromium switches for a Linux terminal without a display (over SSH, say): without them the app's
 * binary stops at start-up ("Missing X server or $DISPLAY") before the CLI could run. They come
 * before CLI_FLAG, so the command line after it is the user's alone.
 */
const LINUX_HEADLESS = ['--headless', '--disable-gpu']

/** POSIX shell single quotes: any path, spaces and quotes included, stays one word. */
const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * The launcher: runs `command` (the app binary and, in development, the app folder) with CLI_FLAG
 * and the user's arguments, and ends as it ends (exec on POSIX).
 */
export function launcherScript(
  platform: NodeJS.Platform,
  command: readonly string[],
): { name: string; text: string } {
  if (platform === 'win32') {
    const line = [...command, CLI_FLAG].map((c) => `"${c}"`).join(' ')
    return {
      name: 'quire.cmd',
      text: `@echo off\r\nrem The quire command of the Quire app.\r\n${line} %*\r\n`,
    }
  }
  const line = [...command, ...(platform === 'linux' ? LINUX_HEADLESS : []), CLI_FLAG].map(shQuote).join(' ')
  return { name: 'quire', text: `#!/bin/sh\n# The quire command of the Quire app.\nexec ${line} "$@"\n` }
}

export interface InstallQuireCommandOptions {
  platform: NodeJS.Platform
  /** The app binary, then its app folder when not packaged. */
  command: readonly string[]
  binDir?: string
  env?: NodeJS.ProcessEnv
}

export interface InstalledQuireCommand {
  /** The launcher written. */
  file: string
  /** Whether its folder is on this process's PATH (a shell may still differ: see `message`). */
  onPath: boolean
  /** What to tell the person: where it is, how to use it, and how to put it on PATH if needed. */
  message: string
}

function isPermissionError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
}

/**
 * Writes the launcher into the bin folder (created when missing). A folder the user may not write
 * gets a clear error with the command that fixes it.
 */
export function installQuireCommand(opts: InstallQuireCommandOptions): InstalledQuireCommand {
  const env = opts.env ?? process.env
  const binDir = opts.binDir ?? defaultBinDir(opts.platform, env)
  const { name, text } = launcherScript(opts.platform, opts.command)
  const file = path.join(binDir, name)
  try {
    fs.mkdirSync(binDir, { recursive: true })
    // Written beside and renamed: an existing command is replaced whole, never half-written.
    const tmp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(tmp, text, { mode: 0o755 })
    fs.renameSync(tmp, file)
  } catch (err) {
    if (!isPermissionError(err)) throw err
    const fix =
      opts.platform === 'win32'
        ? 'Choose a folder you own.'
        : `Make it writable for your user (in a terminal: sudo mkdir -p ${shQuote(binDir)} && sudo chown "$USER" ${shQuote(binDir)}), then choose Install the quire command again.`
    throw new QuireError(
      'PERMISSION_DENIED',
      `The quire command could not be written to ${binDir}: you may not write there. ${fix}`,
    )
  }
  const sep = opts.platform === 'win32' ? ';' : ':'
  // Windows compares folder names case-insensitively.
  const norm = (d: string) => {
    const n = path.normalize(d).replace(/[\\/]+$/, '')
    return opts.platform === 'win32' ? n.toLowerCase() : n
  }
  const onPath = (env.PATH ?? env.Path ?? '')
    .split(sep)
    .filter(Boolean)
    .some((d) => norm(d) === norm(binDir))
  return { file, onPath, message: installedMessage(opts.platform, file, binDir, onPath) }
}

function installedMessage(platform: NodeJS.Platform, file: string, binDir: string, onPath: boolean): string {
  const done = `Installed the quire command: ${file}. In a new terminal, run quire --help.`
  if (onPath) return done
  if (platform === 'win32')
    return `${done} Its folder is not on your PATH yet: open Start, search for "Edit environment variables for your account", select Path, choose Edit, then New, paste ${binDir}, and confirm with OK. Terminals opened after that find quire.`
  return `${done} If the terminal says quire is not found, its folder is not on your PATH: add the line export PATH=${shQuote(binDir)}:"$PATH" to ~/.profile (or your shell's start-up file), then open a new terminal.`
}
