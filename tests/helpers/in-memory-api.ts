// The renderer's QuireApi wired straight to the real IPC router and event bus, with a structured
// clone at the boundary in each direction as Electron's IPC would make: tests run the page-side
// code against the real services without a window, a preload or HTTP (as VS Code's ipc.test.ts
// pairs a client and a server in memory).
import type { EventName, EventPayloads, QuireApi } from '../../src/shared/ipc-contract.js'
import type { Invoke } from '../../src/main/ipc/router.js'
import type { EventBus } from '../../src/main/services/event-bus.js'
import { createEventHub } from '../../src/shared/event-hub.js'

export function createInMemoryApi(router: Invoke, bus: EventBus): QuireApi & { close(): void } {
  const hub = createEventHub()
  const unsubscribe = bus.subscribe((event, payload) => hub.emit(event, structuredClone(payload)))
  return {
    shell: 'desktop',
    invoke: async (route, input) => structuredClone(await router(route, structuredClone(input))) as never,
    on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) {
      return hub.on(event, listener as (payload: unknown) => void)
    },
    close: unsubscribe,
  }
}
