// A light, periodic Ollama check while the window is visible, so the status shown follows Ollama
// going away or coming back even when no question is asked. Hidden windows do not poll; coming
// back into view checks at once.
import { useEffect } from 'react'
import type { StoreApi } from 'zustand'
import type { SettingsState } from '../stores/settings-store.js'

export const HEARTBEAT_MS = 15_000

export function useOllamaHeartbeat(settings: StoreApi<SettingsState>, intervalMs = HEARTBEAT_MS): void {
  useEffect(() => {
    const visible = () => document.visibilityState !== 'hidden'
    const tick = () => {
      if (visible() && !settings.getState().checking) void settings.getState().refreshOllama()
    }
    const timer = setInterval(tick, intervalMs)
    const onVisibility = () => {
      if (visible()) tick()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [settings, intervalMs])
}
