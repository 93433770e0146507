// Listeners by event name, for the three places the page side receives events (the Electron
// preload, the browser-mode HTTP transport, the renderer tests' fake API). One implementation so
// they dispatch, unsubscribe and isolate failures alike.

export interface EventHub {
  /** Adds a listener; the returned function removes it (only that one). */
  on(event: string, listener: (payload: unknown) => void): () => void
  emit(event: string, payload: unknown): void
  /** Whether anyone listens to this event (a transport subscribes upstream on first use). */
  has(event: string): boolean
}

export function createEventHub(): EventHub {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      // A wrapper per subscription, so the same function subscribed twice is removed once per call.
      const entry = (payload: unknown) => listener(payload)
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload)
        } catch (err) {
          // One broken subscriber must not keep the event from the others.
          console.error(`[events] listener for ${event} failed`, err)
        }
      }
    },
    has(event) {
      return (listeners.get(event)?.size ?? 0) > 0
    },
  }
}
