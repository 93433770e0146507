import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AnswerMessage, AnswerResult, OllamaStatus } from '@shared/chat-types.js'
import { useOllamaHeartbeat } from '@renderer/hooks/useOllamaHeartbeat.js'
import { createSettingsStore } from '@renderer/stores/settings-store.js'
import { answerResult, createFakeApi, readyOllama } from '@renderer/test/fake-api.js'
import { renderApp } from '@renderer/test/render-app.js'

function answer(over: Partial<AnswerMessage> = {}): AnswerResult {
  return answerResult({ text: 'x', ...over })
}

const down: OllamaStatus = readyOllama({
  state: 'not-running',
  models: [],
  model: null,
  message: 'Ollama is not reachable at http://127.0.0.1:11434.',
  fix: 'Start Ollama.',
})

describe('live Ollama status', () => {
  it('turns red as soon as an answer finds Ollama gone, and green when a model answers again', async () => {
    let status = readyOllama()
    const { stores } = await renderApp({ 'ollama.status': () => status })
    expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe('llama3.2:3b')
    status = down
    act(() =>
      stores.settings.getState().noteAnswer(
        answer({
          mode: 'retrieval-only',
          model: null,
          ollama: { kind: 'not-running', message: down.message, fix: 'Start Ollama.' },
        }),
      ),
    )
    expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe(
      'Ollama not reachable',
    )
    status = readyOllama()
    act(() => stores.settings.getState().noteAnswer(answer({})))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe('llama3.2:3b'),
    )
  })

  it('says "No models installed" only when Ollama answered with none', async () => {
    await renderApp({
      'ollama.status': () =>
        readyOllama({
          state: 'model-missing',
          models: [],
          model: null,
          message: 'No chat model.',
          fix: 'Pull one.',
        }),
    })
    expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe(
      'No models installed',
    )
  })

  it('an unreachable Ollama is not "no models"', async () => {
    await renderApp({ 'ollama.status': () => down })
    expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe(
      'Ollama not reachable',
    )
  })

  it('checks periodically while the window is visible, not while hidden', async () => {
    const api = createFakeApi({ 'ollama.status': () => readyOllama() })
    const settings = createSettingsStore(api)
    const { unmount } = renderHook(() => useOllamaHeartbeat(settings, 20))
    await waitFor(() => expect(api.callsTo('ollama.status').length).toBeGreaterThanOrEqual(2))
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    await new Promise((r) => setTimeout(r, 30))
    const whileHidden = api.callsTo('ollama.status').length
    await new Promise((r) => setTimeout(r, 80))
    expect(api.callsTo('ollama.status').length).toBe(whileHidden)
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(api.callsTo('ollama.status').length).toBe(whileHidden + 1)
    unmount()
  })
})
