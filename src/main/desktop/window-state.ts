import path from 'node:path'
import { z } from 'zod'
import { readJsonFile, writeJsonFile } from '../services/json-file.js'

export const WINDOW_STATE_FILE = 'window-state.json'

export interface Bounds {
  x?: number
  y?: number
  width: number
  height: number
}

export interface WindowState {
  bounds: Bounds
  maximized: boolean
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

const DEFAULT_STATE: WindowState = { bounds: { width: 1200, height: 800 }, maximized: false }

const stateSchema = z.object({
  bounds: z.object({
    x: z.number().int().optional(),
    y: z.number().int().optional(),
    width: z.number().int().min(400).max(20000),
    height: z.number().int().min(300).max(20000),
  }),
  maximized: z.boolean(),
})

/** True when at least a 100×50 corner of the window (where its title bar is) lies on some display. */
function visibleOnSomeDisplay(b: Bounds, workAreas: Rect[]): boolean {
  if (b.x === undefined || b.y === undefined) return true
  return workAreas.some(
    (a) =>
      b.x! + 100 <= a.x + a.width &&
      b.x! + b.width - 100 >= a.x &&
      b.y! >= a.y &&
      b.y! + 50 <= a.y + a.height,
  )
}

/**
 * The saved window state, or the default. A position on a display that is no longer attached is
 * dropped (the size is kept) so the window never opens off screen.
 */
export function loadWindowState(dir: string, workAreas: Rect[]): WindowState {
  const parsed = stateSchema.safeParse(readJsonFile(path.join(dir, WINDOW_STATE_FILE)))
  if (!parsed.success) return structuredClone(DEFAULT_STATE)
  const state = parsed.data
  if (!visibleOnSomeDisplay(state.bounds, workAreas)) {
    return { maximized: state.maximized, bounds: { width: state.bounds.width, height: state.bounds.height } }
  }
  return state
}

export function saveWindowState(dir: string, state: WindowState): void {
  const b = state.bounds
  const rounded = {
    bounds: {
      ...(b.x !== undefined ? { x: Math.round(b.x) } : {}),
      ...(b.y !== undefined ? { y: Math.round(b.y) } : {}),
      width: Math.round(b.width),
      height: Math.round(b.height),
    },
    maximized: state.maximized,
  }
  writeJsonFile(path.join(dir, WINDOW_STATE_FILE), rounded)
}
