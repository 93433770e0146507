import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { pageImages } from '@tests/fixtures/scan-factory.js'
import { OcrEngine } from './ocr-engine.js'
import { RecognitionSlots } from './recognition-slots.js'

describe('recognition slots', () => {
  it('lets at most `max` holders in; a waiter gets in when a holder releases', async () => {
    const slots = new RecognitionSlots(new SharedArrayBuffer(4), 2)
    await slots.acquire()
    await slots.acquire()
    let third = false
    const waiting = slots.acquire().then(() => (third = true))
    await new Promise((r) => setImmediate(r))
    expect(third).toBe(false)
    slots.release()
    await waiting
    expect(third).toBe(true)
  })

  it('is one count across threads sharing its memory', async () => {
    const shared = new SharedArrayBuffer(4)
    const here = new RecognitionSlots(shared, 1)
    await here.acquire()
    // Another thread holding the same memory waits for the slot, then takes and keeps it.
    const other = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads')
       const count = new Int32Array(workerData)
       parentPort.postMessage('waiting')
       Atomics.wait(count, 0, 1)
       Atomics.add(count, 0, 1)
       parentPort.postMessage('took it')`,
      { eval: true, workerData: shared },
    )
    const messages: string[] = []
    const took = new Promise<void>((resolve) =>
      other.on('message', (m: string) => {
        messages.push(m)
        if (m === 'took it') resolve()
      }),
    )
    await new Promise<void>((r) => other.once('message', () => r()))
    here.release()
    await took
    expect(messages).toEqual(['waiting', 'took it'])
    // Now the other thread holds it: this side waits until it is given back.
    let got = false
    const mine = here.acquire().then(() => (got = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(got).toBe(false)
    Atomics.sub(new Int32Array(shared), 0, 1)
    Atomics.notify(new Int32Array(shared), 0)
    await mine
    expect(got).toBe(true)
    await other.terminate()
  })

  it('engines sharing one slot take turns; a page cancelled while waiting gives its turn back', async () => {
    const [png] = await pageImages({ pages: [{ lines: [{ text: 'Minutes of the April meeting.' }] }] })
    const slots = new RecognitionSlots(new SharedArrayBuffer(4), 1)
    const [a, b, c] = [0, 1, 2].map(() => new OcrEngine('eng', { threads: 1, slots }))
    try {
      const first = a!.recognize(png!, 150)
      const controller = new AbortController()
      const second = b!.recognize(png!, 150, controller.signal)
      controller.abort()
      await expect(second).rejects.toMatchObject({ code: 'CANCELLED' })
      expect((await first).lines.length).toBeGreaterThan(0)
      // The slot the cancelled page waited for is free again: a third engine gets it.
      const third = await c!.recognize(png!, 150)
      expect(third.lines.map((l) => l.words.map((w) => w.text).join(' ')).join(' ')).toMatch(/April/)
    } finally {
      await Promise.all([a, b, c].map((e) => e!.stop()))
    }
  })
})
