// Builds the tiny BERT-shaped model the unit tests embed with: same folder layout, file names, tokenizer
// format and ONNX input/output names as Xenova/all-MiniLM-L6-v2, so tests run the real loading code path,
// but a few kilobytes of deterministic weights instead of a 23 MB download.
// The network is a bag of words (token embedding + token-type embedding, tanh, masked): semantically
// meaningless, but texts that share words get similar vectors, which is all the tests need.
//
// Usage: tsx scripts/build-test-model.ts [destDir]   (default .cache/test-model/quire-tiny-bert)
import { writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { mulberry32 as prng } from '../tests/helpers/seeded-random.js'
import { AttributeType, DataType, encodeModel } from './test-model/onnx-proto.js'
import {
  buildVocab,
  firstWordId,
  SPECIAL_TOKENS,
  specialTokensMapJson,
  tokenizerConfigJson,
  tokenizerJson,
} from './test-model/vocab.js'
import { writeModelFolder } from './test-model/write-model-folder.js'

/** Bump when anything about the generated files changes, so stale copies in .cache get rebuilt. */
export const TEST_MODEL_VERSION = 'quire-tiny-bert/2'
export const TEST_MODEL_ID = 'quire/tiny-test-bert'
export const TEST_MODEL_DIM = 32

function floatTable(rows: number, cols: number, scaleOf: (row: number) => number, seed: number): Uint8Array {
  const next = prng(seed)
  const data = new Float32Array(rows * cols)
  for (let r = 0; r < rows; r++) {
    const scale = scaleOf(r)
    for (let c = 0; c < cols; c++) data[r * cols + c] = (next() * 2 - 1) * scale
  }
  return new Uint8Array(data.buffer)
}

function int64s(values: number[]): Uint8Array {
  return new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer)
}

function modelBytes(vocabSize: number, specialCount: number, firstWord: number): Uint8Array {
  const D = TEST_MODEL_DIM
  const dynamic = ['batch_size', 'sequence_length']
  return encodeModel({
    graphName: 'quire_tiny_bert',
    producer: 'quire build-test-model',
    irVersion: 8,
    opset: 17,
    inputs: [
      { name: 'input_ids', elemType: DataType.INT64, shape: dynamic },
      { name: 'attention_mask', elemType: DataType.INT64, shape: dynamic },
      { name: 'token_type_ids', elemType: DataType.INT64, shape: dynamic },
    ],
    outputs: [{ name: 'last_hidden_state', elemType: DataType.FLOAT, shape: [...dynamic, D] }],
    initializers: [
      // Rows for special tokens and single-character pieces are small: they occur in nearly every text (an
      // unknown word becomes a run of character pieces) and would otherwise pull all vectors together.
      {
        name: 'word_embeddings',
        dims: [vocabSize, D],
        dataType: DataType.FLOAT,
        raw: floatTable(vocabSize, D, (r) => (r < specialCount ? 0.05 : r < firstWord ? 0.1 : 0.8), 20240601),
      },
      {
        name: 'token_type_embeddings',
        dims: [2, D],
        dataType: DataType.FLOAT,
        raw: floatTable(2, D, () => 0.02, 7),
      },
      { name: 'last_axis', dims: [1], dataType: DataType.INT64, raw: int64s([-1]) },
    ],
    nodes: [
      { name: 'word', opType: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: ['word_emb'] },
      {
        name: 'type',
        opType: 'Gather',
        inputs: ['token_type_embeddings', 'token_type_ids'],
        outputs: ['type_emb'],
      },
      { name: 'sum', opType: 'Add', inputs: ['word_emb', 'type_emb'], outputs: ['emb'] },
      { name: 'act', opType: 'Tanh', inputs: ['emb'], outputs: ['hidden'] },
      {
        name: 'mask_f',
        opType: 'Cast',
        inputs: ['attention_mask'],
        outputs: ['mask_float'],
        attributes: [{ name: 'to', type: AttributeType.INT, i: DataType.FLOAT }],
      },
      {
        name: 'mask_3d',
        opType: 'Unsqueeze',
        inputs: ['mask_float', 'last_axis'],
        outputs: ['mask_expanded'],
      },
      // Zeroing padded positions like a real encoder's output is irrelevant to mean pooling, but it makes the
      // graph consume attention_mask so the session keeps it as an input, as BERT exports do.
      { name: 'masked', opType: 'Mul', inputs: ['hidden', 'mask_expanded'], outputs: ['last_hidden_state'] },
    ],
  })
}

function configJson(vocabSize: number): object {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: TEST_MODEL_DIM,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: TEST_MODEL_DIM,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: vocabSize,
    pad_token_id: 0,
  }
}

/**
 * Writes the test model into destDir (skipped when an up-to-date copy is already there) and returns the
 * absolute folder path (write-model-folder.ts: atomic, never half-written).
 */
export async function buildTestModel(destDir: string): Promise<string> {
  const vocab = buildVocab()
  const json = (value: object): string => JSON.stringify(value, null, 2) + '\n'
  return writeModelFolder(destDir, TEST_MODEL_VERSION, async (tmp) => {
    await writeFile(join(tmp, 'config.json'), json(configJson(vocab.length)))
    await writeFile(join(tmp, 'tokenizer.json'), json(tokenizerJson(vocab)))
    await writeFile(join(tmp, 'tokenizer_config.json'), json(tokenizerConfigJson()))
    await writeFile(join(tmp, 'special_tokens_map.json'), json(specialTokensMapJson()))
    await writeFile(join(tmp, 'vocab.txt'), vocab.join('\n') + '\n')
    await writeFile(
      join(tmp, 'onnx', 'model_quantized.onnx'),
      modelBytes(vocab.length, SPECIAL_TOKENS.length, firstWordId(vocab)),
    )
    await writeFile(join(tmp, 'quire-model.json'), json({ modelId: TEST_MODEL_ID }))
  })
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const DEFAULT_TEST_MODEL_DIR = join(repoRoot, '.cache', 'test-model', 'quire-tiny-bert')

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = await buildTestModel(process.argv[2] ?? DEFAULT_TEST_MODEL_DIR)
  console.log(`Test model ready: ${dir}`)
}
