// Builds random-weight cross-encoders laid out as transformers.js loads Xenova/ms-marco-MiniLM-L-6-v2
// (config.json with BertForSequenceClassification and one label, tokenizer files,
// onnx/model.onnx (fp32) and onnx/model_quantized.onnx (int8, the q8 layout) with input_ids/attention_mask/token_type_ids → logits [batch, 1]), so the
// tests and the benchmark run the real loading and scoring path. Their scores mean nothing: wiring
// and cost only, never ranking quality.
// - `tiny`: 2 layers of width 32 over the test model's small vocabulary (tests; a few hundred KB).
// - `minilm-l2`: ms-marco-MiniLM-L-2-v2's shape (two such layers), the faster choice.
// - `minilm-l6`: the real model's shape (6 layers, 384 wide, 12 heads, 30522 words),
//   with a real BERT uncased tokenizer copied from `tokenizerDir` when given (so passages tokenize to
//   as many pieces as they would for the real model), else the small test vocabulary.
//
// Usage: tsx scripts/build-test-reranker.ts [tiny|minilm-l6] [destDir] [tokenizerDir]
import { existsSync } from 'node:fs'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { DataType, encodeModel } from './test-model/onnx-proto.js'
import { bertCrossEncoderGraph, MINILM_L6_SHAPE, type BertShape } from './test-model/bert-graph.js'
import { buildVocab, specialTokensMapJson, tokenizerConfigJson, tokenizerJson } from './test-model/vocab.js'
import { writeModelFolder } from './test-model/write-model-folder.js'

export type TestRerankerSize = 'tiny' | 'minilm-l6' | 'minilm-l2'
const VERSION = 'quire-test-reranker/4'
const TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.txt']

function shapeOf(size: TestRerankerSize, vocabSize: number): BertShape {
  const real = { ...MINILM_L6_SHAPE, vocabSize: Math.max(vocabSize, MINILM_L6_SHAPE.vocabSize) }
  if (size === 'minilm-l6') return real
  // cross-encoder/ms-marco-MiniLM-L-2-v2: the same width, two layers.
  if (size === 'minilm-l2') return { ...real, layers: 2 }
  return { layers: 2, hidden: 32, heads: 2, intermediate: 64, vocabSize, maxPositions: 512 }
}

function configJson(shape: BertShape): object {
  return {
    architectures: ['BertForSequenceClassification'],
    model_type: 'bert',
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    intermediate_size: shape.intermediate,
    hidden_act: 'gelu',
    max_position_embeddings: shape.maxPositions,
    type_vocab_size: 2,
    vocab_size: shape.vocabSize,
    pad_token_id: 0,
    id2label: { '0': 'LABEL_0' },
    label2id: { LABEL_0: 0 },
  }
}

/** The .onnx bytes of one of the two files (fp32 or q8) of a cross-encoder of this shape. */
function crossEncoderBytes(size: TestRerankerSize, shape: BertShape, quantized: boolean): Uint8Array {
  // The tiny one's weights are wider than BERT's 0.02, or its few, narrow layers give nearly one
  // score to every passage once quantized, and no test could see an order change.
  const graph =
    size === 'tiny'
      ? bertCrossEncoderGraph(shape, quantized, 31, 0.3)
      : bertCrossEncoderGraph(shape, quantized, 20240601)
  const dynamic = ['batch_size', 'sequence_length']
  return encodeModel({
    graphName: `quire_test_cross_encoder_${size}${quantized ? '_q8' : ''}`,
    producer: 'quire build-test-reranker',
    irVersion: 8,
    opset: 17,
    inputs: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => ({
      name,
      elemType: DataType.INT64,
      shape: dynamic,
    })),
    outputs: [{ name: 'logits', elemType: DataType.FLOAT, shape: ['batch_size', 1] }],
    ...graph,
  })
}

/** Writes the cross-encoder into destDir (kept when current) and returns the absolute folder path. */
export async function buildTestReranker(
  destDir: string,
  size: TestRerankerSize = 'tiny',
  tokenizerDir?: string,
): Promise<string> {
  const realTokenizer =
    tokenizerDir && existsSync(join(tokenizerDir, 'tokenizer.json')) ? resolve(tokenizerDir) : null
  const json = (value: object): string => JSON.stringify(value, null, 2) + '\n'
  return writeModelFolder(
    destDir,
    `${VERSION}/${size}/${realTokenizer ? 'bert-uncased' : 'test-vocab'}`,
    async (tmp) => {
      let vocabSize: number
      if (realTokenizer) {
        for (const f of TOKENIZER_FILES)
          if (existsSync(join(realTokenizer, f))) await copyFile(join(realTokenizer, f), join(tmp, f))
        const tok = JSON.parse(await readFile(join(realTokenizer, 'tokenizer.json'), 'utf8')) as {
          model: { vocab: Record<string, number> }
        }
        vocabSize = Object.keys(tok.model.vocab).length
      } else {
        const vocab = buildVocab()
        vocabSize = vocab.length
        await writeFile(join(tmp, 'tokenizer.json'), json(tokenizerJson(vocab)))
        await writeFile(join(tmp, 'tokenizer_config.json'), json(tokenizerConfigJson()))
        await writeFile(join(tmp, 'special_tokens_map.json'), json(specialTokensMapJson()))
        await writeFile(join(tmp, 'vocab.txt'), vocab.join('\n') + '\n')
      }
      const shape = shapeOf(size, vocabSize)
      // Both files a published export ships, from the same weights: fp32 (onnx/model.onnx) and the
      // int8 dynamic quantization transformers.js loads as dtype 'q8' (onnx/model_quantized.onnx).
      for (const quantized of [false, true])
        await writeFile(
          join(tmp, 'onnx', quantized ? 'model_quantized.onnx' : 'model.onnx'),
          crossEncoderBytes(size, shape, quantized),
        )
      await writeFile(join(tmp, 'config.json'), json(configJson(shape)))
      await writeFile(join(tmp, 'quire-model.json'), json({ modelId: `quire/test-cross-encoder-${size}` }))
    },
  )
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const DEFAULT_TEST_RERANKER_DIR = join(repoRoot, '.cache', 'test-model', 'quire-tiny-cross-encoder')

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const size = (process.argv[2] ?? 'tiny') as TestRerankerSize
  const dest = process.argv[3] ?? join(repoRoot, '.cache', 'test-model', `quire-${size}-cross-encoder`)
  console.log(`Test reranker ready: ${await buildTestReranker(dest, size, process.argv[4])}`)
}
