import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { discoverFiles } from './discover-files.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
let tmp: string

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-discover-'))
  await fs.chmod(tmp, 0o755)
})
afterEach(async () => {
  await fs.chmod(path.join(tmp, 'folder', 'locked'), 0o755).catch(() => undefined)
  await fs.chmod(path.join(tmp, 'closed'), 0o755).catch(() => undefined)
  await fs.rm(tmp, { recursive: true, force: true })
})

const codes = (found: Awaited<ReturnType<typeof discoverFiles>>) =>
  found.map((f) => [path.relative(tmp, f.path), f.problem?.code ?? null])

describe('discovering files to import', () => {
  // `quire ingest ~/reports --library ~/reports` named library.sqlite and import.lock as files
  // Quire cannot import ("save the others in one of these formats").
  it("leaves out Quire's own files in a folder that is also a library, and only there", async () => {
    const lib = path.join(tmp, 'reports')
    await fs.mkdir(path.join(lib, 'sessions'), { recursive: true })
    await fs.mkdir(path.join(lib, 'ocr-pages', 'a'.repeat(64)), { recursive: true })
    for (const name of [
      'library.sqlite',
      'library.sqlite-wal',
      'import.lock',
      'vectors.json',
      'vectors.hnsw',
    ])
      await fs.writeFile(path.join(lib, name), 'quire')
    await fs.writeFile(path.join(lib, 'sessions', '123-0-456'), '')
    await fs.writeFile(path.join(lib, 'ocr-pages', 'a'.repeat(64), '0123456789abcdef-1.json'), '{}')
    await fs.writeFile(path.join(lib, 'notes.md'), '# Mine')
    await fs.writeFile(path.join(lib, 'budget.numbers'), 'a,b')
    const passedOver: string[] = []
    expect(codes(await discoverFiles([lib], passedOver))).toEqual([['reports/notes.md', null]])
    expect(passedOver.map((p) => path.relative(tmp, p))).toEqual(['reports/budget.numbers'])
    // Without a library database, a file called import.lock is the person's, and is named.
    await fs.rm(path.join(lib, 'library.sqlite'))
    const named: string[] = []
    await discoverFiles([lib], named)
    expect(named.map((p) => path.relative(tmp, p))).toContain('reports/import.lock')
  })

  it('reports links inside folders and names that are not UTF-8, each on its own line', async () => {
    const folder = path.join(tmp, 'folder')
    await fs.mkdir(path.join(folder, 'sub'), { recursive: true })
    await fs.writeFile(path.join(folder, 'a.pdf'), '%PDF-1.4')
    await fs.writeFile(path.join(tmp, 'elsewhere.pdf'), '%PDF-1.4')
    await fs.symlink(path.join(tmp, 'elsewhere.pdf'), path.join(folder, 'link.pdf'))
    await fs.symlink(folder, path.join(folder, 'sub', 'loop'))
    // A Latin-1 "café.pdf": byte 0xE9 alone is not valid UTF-8.
    writeFileSync(
      Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from('.pdf')]),
      '%PDF',
    )
    const found = await discoverFiles([folder])
    expect(codes(found)).toEqual([
      ['folder/a.pdf', null],
      ['folder/caf\uFFFD.pdf', 'FILE_NAME_NOT_UTF8'],
      ['folder/link.pdf', 'SKIPPED_SYMLINK'],
      ['folder/sub/loop', 'SKIPPED_SYMLINK'],
    ])
    // Named explicitly (as the shell hands it over, decoded with U+FFFD), the same name is explained too.
    const [named] = await discoverFiles([path.join(folder, 'caf\uFFFD.pdf')])
    expect(named!.problem?.code).toBe('FILE_NAME_NOT_UTF8')
    expect((await discoverFiles([path.join(tmp, 'missing.pdf')]))[0]!.problem?.code).toBe('FILE_NOT_FOUND')
  })

  it('says permission denied for unreadable folders, PDFs inside them and read-only libraries', async () => {
    const folder = path.join(tmp, 'folder')
    await fs.mkdir(path.join(folder, 'locked'), { recursive: true })
    await fs.writeFile(path.join(folder, 'ok.pdf'), '%PDF-1.4')
    await fs.writeFile(path.join(folder, 'locked', 'hidden.pdf'), '%PDF-1.4')
    await fs.mkdir(path.join(tmp, 'closed'))
    await fs.writeFile(path.join(tmp, 'closed', 'inside.pdf'), '%PDF-1.4')
    await fs.chmod(path.join(folder, 'locked'), 0o000)
    await fs.chmod(path.join(tmp, 'closed'), 0o600)
    await fs.mkdir(path.join(tmp, 'library'))
    // Root reads everything: the checks run in a child that drops to an unprivileged user first.
    const script = path.join(tmp, 'probe.mts')
    await fs.writeFile(
      script,
      `if (process.getuid?.() === 0) { process.setgid(65534); process.setuid(65534) }
const { discoverFiles } = await import(${JSON.stringify(path.join(repo, 'src/main/engine/ingest/discover-files.ts'))})
const { assertWritableLibrary } = await import(${JSON.stringify(path.join(repo, 'src/main/engine/library.ts'))})
const found = await discoverFiles([${JSON.stringify(folder)}, ${JSON.stringify(path.join(tmp, 'closed', 'inside.pdf'))}])
let library = null
try { assertWritableLibrary(${JSON.stringify(path.join(tmp, 'library'))}) } catch (e) { library = e.code }
let nested = null
try { assertWritableLibrary(${JSON.stringify(path.join(tmp, 'library', 'new', 'deeper'))}) } catch (e) { nested = e.code }
console.log(JSON.stringify({ found, library, nested }))
`,
    )
    const r = spawnSync(path.join(repo, 'node_modules', '.bin', 'tsx'), [script], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.stderr).toBe('')
    const out = JSON.parse(r.stdout) as {
      found: Awaited<ReturnType<typeof discoverFiles>>
      library: string | null
      nested: string | null
    }
    expect(codes(out.found)).toEqual([
      ['folder/locked', 'PERMISSION_DENIED'],
      ['folder/ok.pdf', null],
      ['closed/inside.pdf', 'PERMISSION_DENIED'],
    ])
    expect(out.found[0]!.problem!.message).toMatch(/folder .* could not be read \(permission denied\)/)
    expect(out.library).toBe('LIBRARY_READ_ONLY')
    expect(out.nested).toBe('LIBRARY_READ_ONLY')
  })
})
