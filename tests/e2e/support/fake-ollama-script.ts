// Fake Ollama for the scenario: a scripted, cited answer about the sample PDF, streamed slowly
// enough that a screenshot can catch it mid-answer.
import { splitTokens, startFakeOllama, type FakeOllama } from '../../fake-ollama/index.js'

export const SCRIPTED_ANSWER =
  'At spring tide the harbour tide reaches 4.2 metres, and it rises twice a day [1].'

export function startScriptedOllama(): Promise<FakeOllama> {
  return startFakeOllama({ chat: { tokens: splitTokens(SCRIPTED_ANSWER), delayMs: 120 } })
}
