// Renderer entry: choose the transport, build the stores, connect events, render.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { connectEvents, createAppStores, startApp, StoresContext } from './stores/app-stores.js'
import { selectTransport } from './transport/select-transport.js'
import './styles/app.css'
import './styles/answer.css'
import './styles/library.css'
import './styles/window.css'
import './styles/reader.css'

const storage = (() => {
  try {
    return window.localStorage
  } catch {
    return null
  }
})()
const stores = createAppStores(selectTransport(), storage)
connectEvents(stores)
void startApp(stores, storage)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoresContext.Provider value={stores}>
      <App />
    </StoresContext.Provider>
  </StrictMode>,
)
