import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { runBrowserMode } from './browser-mode.js'

const tempDir = useTempDirs()
const startDir = process.cwd()
afterEach(() => process.chdir(startDir))

describe('browser mode --library', () => {
  // `npm start -- --library ''` served the current folder (the repository) as the library.
  it('refuses an empty or blank --library before anything is created', async () => {
    const cwd = tempDir()
    fs.writeFileSync(`${cwd}/notes.txt`, 'mine')
    process.chdir(cwd)
    for (const given of ['', '  '])
      await expect(runBrowserMode(['--library', given, '--port', '0'])).rejects.toMatchObject({
        code: 'LIBRARY_PATH_EMPTY',
      })
    expect(fs.readdirSync(cwd)).toEqual(['notes.txt'])
  })

  it('refuses a --library that names a file', async () => {
    const file = `${tempDir()}/report.pdf`
    fs.writeFileSync(file, 'mine')
    await expect(runBrowserMode(['--library', file, '--port', '0'])).rejects.toMatchObject({
      code: 'LIBRARY_NOT_A_FOLDER',
    })
    expect(fs.readFileSync(file, 'utf8')).toBe('mine')
  })
})

describe('browser mode flags', () => {
  // `npm start -- --help` failed with "Unknown option '--help' [INTERNAL]".
  it('--help prints the flags and starts nothing', async () => {
    const written: string[] = []
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = ((chunk: string) => (
      written.push(String(chunk)),
      true
    )) as typeof process.stdout.write
    try {
      await runBrowserMode(['--help'])
    } finally {
      process.stdout.write = write
    }
    expect(written.join('')).toContain('--library <dir>')
    expect(written.join('')).not.toContain('Serving Quire')
  })

  it('an unknown flag or a bad port is a usage error naming the flags, not INTERNAL', async () => {
    await expect(runBrowserMode(['--libary', '/tmp/x'])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/--libary.*Browser mode takes --library DIR, --port N/),
    })
    await expect(runBrowserMode(['--port', 'eighty'])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('"eighty"'),
    })
  })
})
