// What to do about each Ollama problem, worded for where the person is: the app points at
// Settings, the CLI at its flags. One table for both, so the two never drift apart.
import type { OllamaProblem, OllamaProblemKind, OllamaStatus } from './chat-types.js'

export type Surface = 'app' | 'cli'

export interface RemedyFacts {
  model?: string | null
  /** Installed models, when Ollama listed them. */
  installed?: string[]
}

const WHERE = {
  host: { app: 'Settings → Language model → Host', cli: '--ollama-url (or $OLLAMA_HOST)' },
  model: { app: 'Settings → Language model → Model', cli: '--model' },
} as const

/**
 * Said when the model Quire answered with (none being chosen) is gone from Ollama and another
 * answers instead: Quire never switches models without a word, on the answer and in Settings alike.
 */
export function modelReplacedText(previous: string, model: string, surface: Surface): string {
  return `${previous} is no longer installed; answering with ${model} — choose a model in ${WHERE.model[surface]}.`
}

export function ollamaRemedy(kind: OllamaProblemKind, facts: RemedyFacts, surface: Surface): string {
  const host = WHERE.host[surface]
  const pick = WHERE.model[surface]
  switch (kind) {
    case 'not-running':
      return `Start Ollama on that machine ("ollama serve" or the Ollama app), or set the right address in ${host}.`
    case 'model-missing': {
      if (!facts.model) return 'Run "ollama pull llama3.2:3b" (or another chat model) on the Ollama machine.'
      const installed = facts.installed ?? []
      const choose = installed.length
        ? `, or choose an installed one in ${pick} (${installed.join(', ')})`
        : ''
      return `Run "ollama pull ${facts.model}" on the Ollama machine${choose}.`
    }
    case 'http-error':
      return 'Check the Ollama server log; restarting Ollama often helps (it may be out of memory for this model).'
    case 'timeout':
      return 'Check that the machine is reachable and not overloaded, then try again.'
    case 'stream-broken':
      return 'Check that Ollama is still running (it may have run out of memory), then ask again.'
    case 'bad-config':
      return `Use an address like http://127.0.0.1:11434 in ${host}.`
    case 'bad-response':
      return `Check that ${host} points at Ollama and that Ollama is up to date.`
  }
}

/** The problem's fix for this surface (the engine stores the CLI's wording). */
export function problemFix(p: OllamaProblem, surface: Surface): string {
  // A problem without a kind the table knows (e.g. the context too small for any passage) keeps its own fix.
  if (p.kind === 'bad-config' && !p.message.includes('address')) return p.fix
  return ollamaRemedy(p.kind, p, surface)
}

/** The fix for a status check's result, or null when Ollama is ready. */
export function statusFix(s: OllamaStatus, surface: Surface): string | null {
  if (s.state === 'ready') return null
  if (s.state === 'model-missing')
    return ollamaRemedy('model-missing', { model: s.model, installed: s.models }, surface)
  if (s.state === 'not-running') {
    // An invalid address is reported as not running by the status check; its own fix says so.
    return /not a valid Ollama address/.test(s.message)
      ? ollamaRemedy('bad-config', {}, surface)
      : ollamaRemedy('not-running', {}, surface)
  }
  return s.fix ? ollamaRemedy('http-error', {}, surface) : null
}
