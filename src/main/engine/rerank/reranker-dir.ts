// A reranker folder: a cross-encoder laid out as transformers.js loads one (Xenova/ms-marco-MiniLM-L-6-v2:
// config.json, tokenizer files, onnx/model_quantized.onnx or onnx/model.onnx), told apart from an
// embedding model by its config: a …ForSequenceClassification architecture with one or two labels.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inspectModelDir, type ModelDirCheck } from '../embed/model-dir.js'

interface CrossEncoderConfig {
  architectures?: unknown
  id2label?: unknown
  num_labels?: unknown
}

/** Checks that dir holds a cross-encoder the reranker can load; the reason says what is wrong. */
export function inspectRerankerDir(dir: string): ModelDirCheck {
  const found = inspectModelDir(dir)
  if (!found.ok) return { ok: false, reason: found.reason.replace(/^Model folder/, 'Reranker folder') }
  let config: CrossEncoderConfig
  try {
    config = JSON.parse(readFileSync(join(found.dir, 'config.json'), 'utf8')) as CrossEncoderConfig
  } catch (err) {
    return {
      ok: false,
      reason: `The reranker's config.json in ${found.dir} cannot be read: ${(err as Error).message}`,
    }
  }
  const architectures = Array.isArray(config.architectures) ? config.architectures.map(String) : []
  if (!architectures.some((a) => a.endsWith('ForSequenceClassification')))
    return {
      ok: false,
      reason: `${found.dir} is not a cross-encoder: its config.json names ${architectures.join(', ') || 'no architecture'}, where a reranker names a …ForSequenceClassification one (an embedding model cannot rerank; e.g. Xenova/ms-marco-MiniLM-L-6-v2 can).`,
    }
  const labels = labelCount(config)
  if (labels !== 1 && labels !== 2)
    return {
      ok: false,
      reason: `${found.dir} classifies into ${labels} labels; a reranker gives one relevance score (one label, or two: not relevant / relevant).`,
    }
  return found
}

export function labelCount(config: CrossEncoderConfig): number {
  if (typeof config.num_labels === 'number') return config.num_labels
  if (config.id2label && typeof config.id2label === 'object') return Object.keys(config.id2label).length
  return 2 // transformers' default when a config names neither
}
