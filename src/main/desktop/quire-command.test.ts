import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { CLI_FLAG, cliArgsOf, defaultBinDir, installQuireCommand, launcherScript } from './quire-command.js'

const tempDir = useTempDirs()

describe('Install the quire command', () => {
  it('writes an executable launcher that runs the app binary in CLI mode with every argument', () => {
    const bin = path.join(tempDir(), 'bin')
    // A stand-in for the app binary: prints the arguments it was given, one a line.
    const app = path.join(tempDir(), "Quire's app")
    fs.writeFileSync(app, '#!/bin/sh\nfor a in "$@"; do echo "$a"; done\nexit 3\n', { mode: 0o755 })
    const done = installQuireCommand({ platform: 'linux', command: [app], binDir: bin, env: { PATH: bin } })
    expect(done.file).toBe(path.join(bin, 'quire'))
    expect(done.onPath).toBe(true)
    expect(done.message).toBe(
      `Installed the quire command: ${done.file}. In a new terminal, run quire --help.`,
    )
    expect(fs.statSync(done.file).mode & 0o111).toBe(0o111)
    const r = spawnSync(done.file, ['search', 'two words', "it's", '--json'], { encoding: 'utf8' })
    // On Linux the app binary starts headless, so the command works without a display too.
    expect(r.stdout).toBe(`--headless\n--disable-gpu\n${CLI_FLAG}\nsearch\ntwo words\nit's\n--json\n`)
    expect(r.status).toBe(3)
    // The app's entry finds the CLI's arguments after the flag, wherever the binary puts them.
    expect(cliArgsOf(['/opt/Quire/quire', CLI_FLAG, 'docs', '--json'])).toEqual(['docs', '--json'])
    expect(cliArgsOf(['/opt/Quire/quire'])).toBeNull()
  })

  it('replaces an earlier launcher and says how to put its folder on PATH when it is not', () => {
    const bin = path.join(tempDir(), 'new', 'bin')
    installQuireCommand({
      platform: 'linux',
      command: ['/old/quire'],
      binDir: bin,
      env: { PATH: '/usr/bin' },
    })
    const done = installQuireCommand({
      platform: 'linux',
      command: ['/opt/Quire/quire'],
      binDir: bin,
      env: { PATH: '/usr/bin' },
    })
    expect(fs.readFileSync(done.file, 'utf8')).toContain(
      `exec '/opt/Quire/quire' '--headless' '--disable-gpu' '${CLI_FLAG}' "$@"`,
    )
    expect(fs.readdirSync(bin)).toEqual(['quire'])
    expect(done.onPath).toBe(false)
    expect(done.message).toContain(`add the line export PATH='${bin}':"$PATH" to ~/.profile`)
  })

  it('stops with a clear error and the fix when the folder is not writable', () => {
    // A folder this user may not write: a read-only one, or (root may write those) a sysfs path.
    let bin = tempDir()
    if (process.getuid?.() === 0) bin = '/sys/quire-test-bin'
    else fs.chmodSync(bin, 0o555)
    expect(() =>
      installQuireCommand({
        platform: 'darwin',
        command: ['/Applications/Quire.app/Contents/MacOS/Quire'],
        binDir: bin,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'PERMISSION_DENIED',
        message: expect.stringContaining(
          `could not be written to ${bin}: you may not write there. Make it writable for your user (in a terminal: sudo mkdir -p '${bin}' && sudo chown "$USER" '${bin}')`,
        ),
      }),
    )
  })

  it('on Windows writes quire.cmd and explains adding its folder to PATH', () => {
    const bin = tempDir()
    const done = installQuireCommand({
      platform: 'win32',
      command: ['C:\\Program Files\\Quire\\Quire.exe'],
      binDir: bin,
      env: { Path: 'C:\\Windows' },
    })
    expect(path.basename(done.file)).toBe('quire.cmd')
    expect(fs.readFileSync(done.file, 'utf8')).toBe(
      `@echo off\r\nrem The quire command of the Quire app.\r\n"C:\\Program Files\\Quire\\Quire.exe" "${CLI_FLAG}" %*\r\n`,
    )
    expect(done.message).toContain('Edit environment variables for your account')
    expect(done.message).toContain(bin)
  })

  it('puts the command where each system looks for user commands', () => {
    expect(defaultBinDir('linux', { HOME: '/home/ann' })).toBe('/home/ann/.local/bin')
    expect(defaultBinDir('darwin', { HOME: '/Users/ann' })).toBe('/usr/local/bin')
    expect(defaultBinDir('win32', { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' })).toBe(
      'C:\\Users\\ann\\AppData\\Local\\Programs\\Quire\\bin',
    )
    expect(launcherScript('darwin', ['/a b/Quire']).text).toContain(`exec '/a b/Quire' '${CLI_FLAG}' "$@"`)
  })
})
