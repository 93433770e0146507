import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_OLLAMA_HOST, type QueryHelpMode } from '@shared/chat-types.js'
import type { Settings } from '@shared/ipc-contract.js'
import { normalizeOllamaHost } from '@shared/ollama-host.js'
import { RETRIEVAL_LIMITS } from '@shared/retrieval-settings.js'
import { DEFAULT_ANSWER_PASSAGES } from '../engine/answer/answer-passages.js'
import { DEFAULT_TUNING } from '../engine/retrieve/tuning.js'
import { readJsonFile, writeJsonFile } from './json-file.js'

export { SETTINGS_FILE } from './settings-file.js'
import { SETTINGS_FILE } from './settings-file.js'

/** What is stored: the user-facing settings plus internal state the UI never edits. */
const stored = z.object({
  ollamaHost: z.string().catch(DEFAULT_OLLAMA_HOST),
  model: z.string().nullable().catch(null),
  /** The embedding model folder imported last ("import model folder…"), preferred over the bundled one. */
  embeddingModelDir: z.string().nullable().catch(null),
  /** The reranker folder imported in Settings › Search; null: no reranking. */
  rerankerDir: z.string().nullable().catch(null),
  /** OCR of scanned pages on import; on unless the user turned it off. */
  ocr: z.boolean().catch(true),
  /** With no model chosen: the model that answered last, kept while installed (OllamaClient.preferredModel). */
  lastModel: z.string().nullable().catch(null),
  /** Settings → Answers; a value out of bounds (a hand-edited file) falls back to the evaluated default. */
  answerPassages: z
    .number()
    .int()
    .min(RETRIEVAL_LIMITS.answerPassages.min)
    .max(RETRIEVAL_LIMITS.answerPassages.max)
    .catch(DEFAULT_ANSWER_PASSAGES),
  minCoverage: z
    .number()
    .min(RETRIEVAL_LIMITS.minCoverage.min)
    .max(RETRIEVAL_LIMITS.minCoverage.max)
    .catch(DEFAULT_TUNING.minCoverage),
  /** Settings › Answers: build document summaries while the machine is idle (docs/summaries.md). */
  summarizeWhenIdle: z.boolean().catch(false),
  /** Query help before searching; off until the user turns it on (unmeasured on real models). */
  queryHelp: z.enum(['off', 'expand', 'hyde']).catch('off'),
  /** Contextual chunk headers after each import; off until the user turns it on (one model call per passage). */
  contextHeaders: z.boolean().catch(false),
})
export type StoredSettings = z.infer<typeof stored>

const DEFAULTS: StoredSettings = {
  ollamaHost: DEFAULT_OLLAMA_HOST,
  model: null,
  embeddingModelDir: null,
  rerankerDir: null,
  ocr: true,
  lastModel: null,
  answerPassages: DEFAULT_ANSWER_PASSAGES,
  minCoverage: DEFAULT_TUNING.minCoverage,
  summarizeWhenIdle: false,
  queryHelp: 'off',
  contextHeaders: false,
}

/** The evaluated defaults of the retrieval settings (app.info), said beside each in Settings. */
export const RETRIEVAL_DEFAULTS = {
  answerPassages: DEFAULT_ANSWER_PASSAGES,
  minCoverage: DEFAULT_TUNING.minCoverage,
}

/** Settings in a JSON file in the data folder; read once, written on every change. */
export class SettingsService {
  readonly file: string
  private current: StoredSettings
  /** True when no settings file existed at start: the UI shows its first-run help. */
  readonly firstRun: boolean

  constructor(dataDir: string, overrides: { ollamaHost?: string } = {}) {
    this.file = path.join(dataDir, SETTINGS_FILE)
    const raw = readJsonFile(this.file)
    this.firstRun = raw === null
    const parsed = stored.safeParse({ ...DEFAULTS, ...(typeof raw === 'object' && raw ? raw : {}) })
    this.current = parsed.success ? parsed.data : { ...DEFAULTS }
    if (overrides.ollamaHost) this.current.ollamaHost = normalizeOllamaHost(overrides.ollamaHost)
  }

  get(): Settings {
    const {
      ollamaHost,
      model,
      ocr,
      answerPassages,
      minCoverage,
      summarizeWhenIdle,
      queryHelp,
      contextHeaders,
    } = this.current
    return {
      ollamaHost,
      model,
      ocr,
      answerPassages,
      minCoverage,
      summarizeWhenIdle,
      queryHelp,
      contextHeaders,
    }
  }

  internal(): StoredSettings {
    return { ...this.current }
  }

  set(patch: {
    ollamaHost?: string
    model?: string | null
    embeddingModelDir?: string | null
    rerankerDir?: string | null
    ocr?: boolean
    lastModel?: string | null
    answerPassages?: number
    minCoverage?: number
    summarizeWhenIdle?: boolean
    queryHelp?: QueryHelpMode
    contextHeaders?: boolean
  }): Settings {
    const next = { ...this.current }
    if (patch.ollamaHost !== undefined) next.ollamaHost = normalizeOllamaHost(patch.ollamaHost)
    if (patch.model !== undefined) next.model = patch.model?.trim() || null
    if (patch.embeddingModelDir !== undefined) next.embeddingModelDir = patch.embeddingModelDir
    if (patch.rerankerDir !== undefined) next.rerankerDir = patch.rerankerDir
    if (patch.ocr !== undefined) next.ocr = patch.ocr
    if (patch.lastModel !== undefined) next.lastModel = patch.lastModel
    if (patch.answerPassages !== undefined) next.answerPassages = patch.answerPassages
    if (patch.minCoverage !== undefined) next.minCoverage = patch.minCoverage
    if (patch.summarizeWhenIdle !== undefined) next.summarizeWhenIdle = patch.summarizeWhenIdle
    if (patch.queryHelp !== undefined) next.queryHelp = patch.queryHelp
    if (patch.contextHeaders !== undefined) next.contextHeaders = patch.contextHeaders
    writeJsonFile(this.file, next)
    this.current = next
    return this.get()
  }
}
