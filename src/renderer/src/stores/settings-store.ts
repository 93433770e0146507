// App info, Ollama connection and model choice, embedding model state.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AnswerResult, OllamaState, OllamaStatus } from '@shared/chat-types.js'
import { modelReplacedText, problemFix, statusFix } from '@shared/ollama-remedies.js'
import { call, type AppInfo, type QuireApi, type Settings } from '@renderer/transport/api-types.js'

export interface SettingsState {
  info: AppInfo | null
  settings: Settings | null
  ollama: OllamaStatus | null
  checking: boolean
  error: string | null
  /** Message from the last "Import model folder…" attempt. */
  modelImportMessage: string | null
  load(): Promise<void>
  refreshOllama(): Promise<void>
  /** Every answer says something about Ollama: a failure shows at once, a model answer means it is up. */
  noteAnswer(result: AnswerResult): void
  save(patch: Partial<Settings>): Promise<void>
  /** Desktop: picks a folder; browser mode: the path typed in Settings (checked by the server). */
  importModelFolder(typedPath?: string): Promise<boolean>
  /** Message from the last "Import reranker folder…" or "Turn reranking off". */
  rerankerMessage: string | null
  /** A cross-encoder folder, picked (desktop) or typed (browser mode), reranks from the next search. */
  importReranker(typedPath?: string): Promise<boolean>
  removeReranker(): Promise<void>
}

export function createSettingsStore(api: QuireApi): StoreApi<SettingsState> {
  return createStore<SettingsState>((set, get) => ({
    info: null,
    settings: null,
    ollama: null,
    checking: false,
    error: null,
    modelImportMessage: null,
    rerankerMessage: null,

    async load() {
      try {
        const [info, settings] = await Promise.all([call(api, 'app.info', {}), call(api, 'settings.get', {})])
        set({ info, settings })
      } catch (err) {
        set({ error: (err as Error).message })
      }
      await get().refreshOllama()
    },

    async refreshOllama() {
      set({ checking: true })
      try {
        const status = await call(api, 'ollama.status', {})
        // The engine words fixes for the CLI (flags); the app says where in Settings to go.
        const replaced = status.replacedModel && status.model ? status.replacedModel : null
        const message = replaced ? modelReplacedText(replaced, status.model!, 'app') : status.message
        set({ ollama: { ...status, message, fix: statusFix(status, 'app') }, error: null })
      } catch (err) {
        set({ error: (err as Error).message })
      } finally {
        set({ checking: false })
      }
    },

    noteAnswer(result) {
      const prev = get().ollama
      const problem = result.message.ollama
      // A context too small for any passage says nothing about whether Ollama is up.
      if (problem && prev && problem.kind !== 'bad-config') {
        const state: OllamaState =
          problem.kind === 'model-missing'
            ? 'model-missing'
            : problem.kind === 'not-running' || problem.kind === 'timeout'
              ? 'not-running'
              : 'error'
        set({ ollama: { ...prev, state, message: problem.message, fix: problemFix(problem, 'app') } })
        // A broken stream or an HTTP error may mean Ollama went away or merely hiccuped: ask it.
        if (state === 'error' && !get().checking) void get().refreshOllama()
        return
      }
      // The model wrote (part of) an answer: Ollama is up, whatever the last check said.
      const { mode, model, status } = result.message
      const answered = mode === 'llm' && model !== null && status !== 'failed'
      if (answered && prev?.state !== 'ready' && !get().checking) void get().refreshOllama()
    },

    async save(patch) {
      try {
        set({ settings: await call(api, 'settings.set', patch), error: null })
      } catch (err) {
        set({ error: (err as Error).message })
        return
      }
      await get().refreshOllama()
    },

    async importModelFolder(typedPath) {
      try {
        const path = typedPath?.trim() || (await call(api, 'library.pickFiles', { folders: true })).paths[0]
        if (!path) return false
        const status = await call(api, 'library.importModelFolder', { path })
        set({
          modelImportMessage:
            status.mode === 'hybrid'
              ? `Using ${status.model ?? 'the embedding model'}.`
              : (status.reason ?? 'That folder does not hold a usable embedding model.'),
        })
        return status.mode === 'hybrid'
      } catch (err) {
        set({ modelImportMessage: (err as Error).message })
        return false
      }
    },

    async importReranker(typedPath) {
      try {
        const path = typedPath?.trim() || (await call(api, 'library.pickFiles', { folders: true })).paths[0]
        if (!path) return false
        const status = await call(api, 'library.importReranker', { path })
        set({ rerankerMessage: `Reranking with ${status.model ?? 'the imported reranker'}.` })
        return true
      } catch (err) {
        set({ rerankerMessage: (err as Error).message })
        return false
      }
    },

    async removeReranker() {
      try {
        await call(api, 'library.removeReranker', {})
        set({ rerankerMessage: 'Reranking is off.' })
      } catch (err) {
        set({ rerankerMessage: (err as Error).message })
      }
    },
  }))
}
