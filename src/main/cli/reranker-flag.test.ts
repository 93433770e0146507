// `--reranker DIR` on the command line: the passages are reranked by the cross-encoder and the
// output says so; a folder that is no cross-encoder is refused with what to give instead; `none`
// and no flag (nothing imported in the app) search as before. Random-weight test cross-encoder.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from '@tests/test-model.js'

const tempDir = useTempDirs()

async function gardenLibrary(): Promise<string> {
  const docs = tempDir()
  const sections = ['soil', 'watering', 'pests', 'pruning', 'harvest', 'seeds', 'compost', 'frost']
  for (const t of sections)
    fs.writeFileSync(
      path.join(docs, `${t}.md`),
      `# Tomato ${t}\n\nTomato plants and ${t}: how the garden ${t} affects tomato plants in summer.\n`,
    )
  const lib = tempDir()
  const r = await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
  expect(r.code).toBe(0)
  return lib
}

// No settings file with a reranker in it: the flag alone decides.
process.env.QUIRE_HOME = fs.mkdtempSync(
  path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'quire-home-'),
)

describe('quire search --reranker', () => {
  it('reranks with the cross-encoder and says so; none and no flag search as before', async () => {
    const lib = await gardenLibrary()
    const ask = (...flags: string[]) =>
      cli('search', 'tomato plants garden', '--library', lib, '--model-dir', 'none', '--json', ...flags)
    const plain = await ask()
    const none = await ask('--reranker', 'none')
    const reranked = await ask('--reranker', TEST_RERANKER_DIR)
    expect(reranked.code).toBe(0)
    const json = (r: { out: string }) =>
      JSON.parse(r.out) as { stages?: { stage: string; model: string }[]; results: { file: string }[] }
    expect(json(none)).toEqual(json(plain))
    expect(json(plain).stages).toBeUndefined()
    expect(json(reranked).stages).toEqual([
      expect.objectContaining({ stage: 'rerank', model: 'quire/test-cross-encoder-tiny' }),
    ])
    const files = (r: { out: string }) => json(r).results.map((h) => h.file)
    expect(files(reranked)).not.toEqual(files(plain))

    const human = await cli(
      'search',
      'tomato plants garden',
      '--library',
      lib,
      '--reranker',
      TEST_RERANKER_DIR,
    )
    expect(human.out).toMatch(
      /Reranked by quire\/test-cross-encoder-tiny \(int8 onnx\/model_quantized\.onnx\): \d+ (of \d+ )?candidate passages/,
    )
  })

  it('refuses a folder that is not a cross-encoder, saying what to give', async () => {
    const lib = await gardenLibrary()
    const r = await cli('search', 'tomato', '--library', lib, '--reranker', TEST_MODEL_DIR)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/--reranker .* cannot be used: .* is not a cross-encoder.*--reranker none/s)
    expect(r.err).toMatch(/\[MODEL_INVALID\]/)
  })
})
