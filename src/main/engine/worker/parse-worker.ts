// A PDF extraction worker of a ParsePool: pdf.js is single-threaded JavaScript, so each extra
// core needs its own thread. It answers one parse request at a time, for as long as the pool lives.
import { parentPort } from 'node:worker_threads'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import { parseDocument } from '../ingest/parse-document.js'
import { OcrEngine } from '../ocr/ocr-engine.js'
import type { ParseReply, ParseRequest } from './parse-protocol.js'

const port = parentPort
if (!port) throw new Error('parse-worker must run in a worker thread')
const post = (m: ParseReply) => port.postMessage(m)
const running = new Map<number, AbortController>()
// One recogniser per extraction thread, started on the first scanned page and kept for the pool's
// life: loading the language data costs about a second.
const ocrEngine = new OcrEngine()

port.on('message', (m: ParseRequest) => {
  if (m.type === 'cancel') {
    running.get(m.id)?.abort()
    return
  }
  const controller = new AbortController()
  running.set(m.id, controller)
  parseDocument(m.bytes, m.file, {
    signal: controller.signal,
    onPage: (done, total) => post({ type: 'page', id: m.id, done, total }),
    ocr: m.ocr,
    ocrEngine,
    onOcrPage: (done, total) => post({ type: 'ocr-page', id: m.id, done, total }),
    ...(m.drafts ? { onDraftTexts: (texts: string[]) => post({ type: 'drafts', id: m.id, texts }) } : {}),
  })
    .then((parsed) => post({ type: 'parsed', id: m.id, parsed }))
    .catch((err: unknown) =>
      post({ type: 'failed', id: m.id, code: errorCodeOf(err), message: errorMessageOf(err) }),
    )
    .finally(() => running.delete(m.id))
})
