import type { QueryHelpMode } from '@shared/chat-types.js'
import fs from 'node:fs'
import path from 'node:path'
import type { Settings } from '@shared/ipc-contract.js'
import type { LibraryCheckReport } from '@shared/library-types.js'
import type { Answerer } from '../engine/answer/answerer.js'
import type { LibraryWatches } from '../engine/open-library/library-watches.js'
import { BackgroundSummaries } from './background-summaries.js'
import { ChatService } from './chat-service.js'
import { ConversationsService } from './conversations-service.js'
import { EventBus } from './event-bus.js'
import { ImportQueue } from './import-queue.js'
import { AppLibrary } from './library-service.js'
import type { ModelLocations } from './model-locations.js'
import { SettingsService } from './settings-service.js'
import { STAGING_FOLDER, UploadStaging } from './upload-staging.js'

export interface AppServicesOptions {
  libraryDir: string
  /** Settings and other app state (not the library). */
  dataDir: string
  models: ModelLocations
  /** The bundled ingest worker (desktop build); defaults to the source entry. */
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** Overrides the stored Ollama host for this run (command line). */
  ollamaHost?: string
  version: string
  /** Per-file limit for browser-mode uploads (tests lower it). */
  maxUploadBytes?: number
  /** Uploads waiting at once and their bytes together (UploadStaging's defaults otherwise). */
  stagedUploads?: { maxFiles?: number; maxTotalBytes?: number }
}

export interface AppServices {
  readonly version: string
  readonly events: EventBus
  readonly settings: SettingsService
  readonly library: AppLibrary
  readonly imports: ImportQueue
  readonly chat: ChatService
  readonly conversations: ConversationsService
  /** Browser-mode upload bytes waiting for `library.upload`. */
  readonly uploads: UploadStaging
  /** Watched folders (docs/watched-folders.md): the open library's own (OpenLibrary.watches). */
  readonly watches: LibraryWatches
  answerer(): Answerer
  /** Saves settings and points the answerer at the new Ollama host or model. */
  updateSettings(patch: {
    ollamaHost?: string
    model?: string | null
    ocr?: boolean
    answerPassages?: number
    minCoverage?: number
    summarizeWhenIdle?: boolean
    queryHelp?: QueryHelpMode
    contextHeaders?: boolean
  }): Settings
  /** Stops imports and answers, then deletes the library folder and starts an empty one. */
  deleteLibrary(): Promise<void>
  /** The full integrity check; a repair first waits for running imports and answers to end. */
  checkLibrary(repair: boolean): Promise<LibraryCheckReport>
  close(): Promise<void>
}

/**
 * The composition root: every service built once, here, from constructor arguments. Nothing here
 * knows about windows or HTTP; both shells adapt onto the same object through the IPC contract.
 */
export async function createAppServices(opts: AppServicesOptions): Promise<AppServices> {
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const events = new EventBus()
  const settings = new SettingsService(opts.dataDir, { ollamaHost: opts.ollamaHost })
  // The app's one owner of the open library (engine/open-library): its conversations, collections,
  // answerer, imports and watched folders, rebuilt there when the library is reopened; read
  // through it each time. Its watches start with it and are told to every window from the first.
  const library = await AppLibrary.open({
    libraryDir: opts.libraryDir,
    models: opts.models,
    settings,
    workerUrl: opts.workerUrl,
    parseWorkerUrl: opts.parseWorkerUrl,
    watch: {
      saved: true,
      onEvent: (e, folders) => {
        if (e.kind === 'state') events.emit('watch.changed', { folders })
        else events.emit('library.changed', {})
      },
    },
  })
  const owner = () => library.owner
  const currentAnswerer = () => owner().answerer
  const watches = library.owner.watches
  const imports = new ImportQueue(library, events)
  const chat = new ChatService(owner, events)
  const backgroundSummaries = new BackgroundSummaries({
    answerer: currentAnswerer,
    events,
    busy: () => chat.busy || imports.busy,
  })
  backgroundSummaries.setEnabled(settings.get().summarizeWhenIdle ?? false)
  const conversations = new ConversationsService(owner)
  const uploads = new UploadStaging(
    path.join(library.dir, STAGING_FOLDER),
    opts.maxUploadBytes,
    opts.stagedUploads,
  )
  await uploads.reset()

  return {
    version: opts.version,
    events,
    settings,
    library,
    imports,
    chat,
    conversations,
    uploads,
    watches,
    answerer: currentAnswerer,
    updateSettings(patch) {
      const next = settings.set(patch)
      library.owner.configureAnswers({
        ollama: { host: next.ollamaHost, model: next.model, preferredModel: settings.internal().lastModel },
        k: next.answerPassages,
        minCoverage: next.minCoverage,
        queryHelp: { mode: next.queryHelp ?? 'off' },
      })
      backgroundSummaries.setEnabled(next.summarizeWhenIdle ?? false)
      return next
    },
    async deleteLibrary() {
      await backgroundSummaries.pause()
      imports.cancelAll()
      chat.stopAll()
      await Promise.all([imports.idle(), chat.idle()])
      await library.deleteEverything()
      events.emit('library.changed', {})
    },
    async checkLibrary(repair) {
      if (!repair) return library.check(false)
      await Promise.all([imports.idle(), chat.idle(), backgroundSummaries.pause()])
      const report = await library.check(true)
      events.emit('library.changed', {})
      return report
    },
    async close() {
      await backgroundSummaries.close()
      await watches.stop()
      imports.cancelAll()
      chat.stopAll()
      await Promise.all([imports.idle(), chat.idle()])
      await library.close()
      await uploads.close()
    },
  }
}
