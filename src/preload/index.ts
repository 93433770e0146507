// The preload: the page's only door to the main process. It exposes exactly invoke, on, the shell
// name and pathForFile; never ipcRenderer itself, and the Electron event object never reaches the page.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import type { EventName, QuireApi } from '@shared/ipc-contract.js'
import { createEventHub } from '@shared/event-hub.js'
import { IPC_EVENT_CHANNEL, IPC_GRANT_PATH_CHANNEL, IPC_INVOKE_CHANNEL } from '@shared/ipc-channels.js'

const events = createEventHub()

// One IPC subscription for every event; listeners are dispatched by event name.
ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return
  events.emit(name, payload)
})

const api: QuireApi = {
  shell: 'desktop',
  invoke: (route, input) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, route, input),
  on: (event: EventName, listener) => events.on(event, listener as (payload: unknown) => void),
  // Only a real File from a drop (or <input type=file>) has a path; the main process records it
  // as granted before the page can ask to import it. Synchronous, so the grant lands first.
  pathForFile: (file) => {
    const p = webUtils.getPathForFile(file as File)
    if (p) ipcRenderer.sendSync(IPC_GRANT_PATH_CHANNEL, p)
    return p
  },
}

contextBridge.exposeInMainWorld('quire', api)
