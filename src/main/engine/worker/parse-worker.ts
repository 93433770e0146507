// A PDF extraction worker of a ParsePool: pdf.js is single-threaded JavaScript, so each extra
// core needs its own thread. It answers parse requests from its pool, and from any thread its pool
// lent a port to (an import's worker), for as long as the pool lives.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
// pdf.js's own worker code, which its first getDocument would import (pdf.js runs it in this thread
// in Node): loaded with the thread, before the first request arrives, instead of after it.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import { parseDocument } from '../ingest/parse-document.js'
import { readPdf } from '../ingest/readers/pdf.js'
import { OcrEngine } from '../ocr/ocr-engine.js'
import { RecognitionSlots } from '../ocr/recognition-slots.js'
import type { ParseReply, ParseRequest, ParseWorkerData } from './parse-protocol.js'
import { warmUpPdf } from './warm-up-pdf.js'

const port = parentPort
if (!port) throw new Error('parse-worker must run in a worker thread')
// One OCR engine per extraction thread (a recogniser per core, started on the first scanned page
// and kept for the pool's life: loading the language data costs about a second), sharing the pool's
// count of pages being recognised with the other threads' engines.
const data = workerData as ParseWorkerData | undefined
const ocrEngine = new OcrEngine('eng', {
  slots: data?.ocrSlots ? new RecognitionSlots(data.ocrSlots) : undefined,
})
// Requests wait for the warm-up (a few tens of milliseconds) so it never competes with real work.
const warm =
  data?.warmUp === false
    ? Promise.resolve()
    : readPdf(warmUpPdf(), 'warm-up', { ocr: false }).catch(() => undefined)

function serve(channel: MessagePort): void {
  const post = (m: ParseReply) => channel.postMessage(m)
  const running = new Map<number, AbortController>()
  channel.on('message', (m: ParseRequest) => {
    if (m.type === 'attach') {
      serve(m.port)
      return
    }
    if (m.type === 'cancel') {
      running.get(m.id)?.abort()
      return
    }
    const controller = new AbortController()
    running.set(m.id, controller)
    warm
      .then(() =>
        parseDocument(m.bytes, m.file, {
          signal: controller.signal,
          onPage: (done, total) => post({ type: 'page', id: m.id, done, total }),
          ocr: m.ocr,
          ...(m.tables === false ? { tables: false } : {}),
          ocrEngine,
          resumeOcrIn: m.resumeOcrIn,
          onOcrPage: (done, total) => post({ type: 'ocr-page', id: m.id, done, total }),
          ...(m.drafts
            ? { onDraftTexts: (texts: string[]) => post({ type: 'drafts', id: m.id, texts }) }
            : {}),
        }),
      )
      .then((parsed) => post({ type: 'parsed', id: m.id, parsed }))
      .catch((err: unknown) =>
        post({ type: 'failed', id: m.id, code: errorCodeOf(err), message: errorMessageOf(err) }),
      )
      .finally(() => running.delete(m.id))
  })
  // A lent port closes when the import that borrowed it ends: its unfinished jobs stop.
  channel.on('close', () => {
    for (const c of running.values()) c.abort()
  })
}

serve(port)
