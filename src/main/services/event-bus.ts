import type { EventName, EventPayloads } from '@shared/ipc-contract.js'

export type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void

/**
 * How services tell the outside world something happened, without knowing about windows or
 * HTTP clients: the desktop shell forwards to the window, the server to its SSE streams.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>()

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload)
      } catch (err) {
        // One broken subscriber (a closed window, a dropped stream) must not stop the others.
        console.error(`[events] listener for ${event} failed`, err)
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
