// Renders the whole app against a fake API, the way main.tsx does with the real transport.
import { render } from '@testing-library/react'
import { App } from '../App.js'
import {
  connectEvents,
  createAppStores,
  startApp,
  StoresContext,
  type AppStores,
} from '../stores/app-stores.js'
import { createFakeApi, type FakeApi, type Handlers } from './fake-api.js'

export async function renderApp(handlers: Handlers = {}): Promise<{ api: FakeApi; stores: AppStores }> {
  const api = createFakeApi(handlers)
  const stores = createAppStores(api)
  connectEvents(stores)
  render(
    <StoresContext.Provider value={stores}>
      <App />
    </StoresContext.Provider>,
  )
  await startApp(stores)
  return { api, stores }
}
