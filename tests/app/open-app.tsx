// The app as main.tsx starts it, over createInMemoryApi on the real IPC router and services, for
// tests/app. Every chat event is checked against the contract's zod schema on its way to the page.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from '@renderer/App.js'
import { connectEvents, createAppStores, startApp, StoresContext } from '@renderer/stores/app-stores.js'
import { eventSchemas } from '@shared/ipc-contract.js'
import type { AnswerEvent } from '@shared/chat-types.js'
import { createInMemoryApi } from '@tests/helpers/in-memory-api.js'
import type { AppServices } from '../../src/main/services/create-app-services.js'
import { createHandlers } from '../../src/main/ipc/create-handlers.js'
import { createRouter } from '../../src/main/ipc/router.js'

export interface OpenedApp {
  stores: ReturnType<typeof createAppStores>
  /** The chat events the page received, in order. */
  events: AnswerEvent[]
  user: ReturnType<typeof userEvent.setup>
  /** Unmounts the page and disconnects it from the services (the window closing). */
  close(): void
}

export async function openApp(
  services: AppServices,
  opts: { pickFiles?: () => Promise<string[]> } = {},
): Promise<OpenedApp> {
  const router = createRouter(
    createHandlers(services, {
      shell: 'desktop',
      pickFiles: opts.pickFiles ?? (async () => []),
      pdfUrl: (id) => `quire-pdf://document/${id}`,
    }),
  )
  const api = createInMemoryApi(router, services.events)
  const events: AnswerEvent[] = []
  api.on('chat.event', (payload) => {
    eventSchemas['chat.event'].parse(payload)
    events.push(payload.event)
  })
  const stores = createAppStores(api)
  connectEvents(stores)
  const view = render(
    <StoresContext.Provider value={stores}>
      <App />
    </StoresContext.Provider>,
  )
  await startApp(stores)
  return {
    stores,
    events,
    user: userEvent.setup(),
    close() {
      view.unmount()
      api.close()
    },
  }
}
