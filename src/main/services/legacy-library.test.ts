import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { adoptLegacyLibrary } from './legacy-library.js'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-legacy-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('adoptLegacyLibrary', () => {
  it('moves an earlier desktop library (and its model folder) into the shared data folder, leaving no copy', () => {
    const legacy = tempDir()
    const home = path.join(tempDir(), 'quire')
    fs.mkdirSync(path.join(legacy, 'library'), { recursive: true })
    fs.writeFileSync(path.join(legacy, 'library', 'quire.db'), 'db')
    fs.mkdirSync(path.join(legacy, 'models', 'm'), { recursive: true })

    expect(adoptLegacyLibrary(home, legacy)).toBe(home)
    expect(fs.readFileSync(path.join(home, 'library', 'quire.db'), 'utf8')).toBe('db')
    expect(fs.existsSync(path.join(home, 'models', 'm'))).toBe(true)
    expect(fs.existsSync(path.join(legacy, 'library'))).toBe(false)
  })

  it('never touches a library already in the shared data folder', () => {
    const legacy = tempDir()
    const home = tempDir()
    fs.mkdirSync(path.join(legacy, 'library'))
    fs.writeFileSync(path.join(legacy, 'library', 'quire.db'), 'old')
    fs.mkdirSync(path.join(home, 'library'))
    fs.writeFileSync(path.join(home, 'library', 'quire.db'), 'new')

    expect(adoptLegacyLibrary(home, legacy)).toBe(home)
    expect(fs.readFileSync(path.join(home, 'library', 'quire.db'), 'utf8')).toBe('new')
    expect(fs.readFileSync(path.join(legacy, 'library', 'quire.db'), 'utf8')).toBe('old')
  })

  it('uses the shared folder when there is no earlier library', () => {
    const home = path.join(tempDir(), 'quire')
    expect(adoptLegacyLibrary(home, tempDir())).toBe(home)
    expect(fs.existsSync(home)).toBe(false)
  })
})
