import { describe, expect, it, vi } from 'vitest'
import { createEventHub } from './event-hub.js'

describe('event hub', () => {
  it('dispatches by name, unsubscribes one subscription and survives a throwing listener', () => {
    const hub = createEventHub()
    const seen: unknown[] = []
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    hub.on('a', () => {
      throw new Error('broken')
    })
    const off = hub.on('a', (p) => seen.push(p))
    hub.on('b', (p) => seen.push(['b', p]))
    hub.emit('a', 1)
    off()
    hub.emit('a', 2)
    hub.emit('b', 3)
    expect(seen).toEqual([1, ['b', 3]])
    expect(hub.has('a')).toBe(true)
    expect(hub.has('c')).toBe(false)
    quiet.mockRestore()
  })
})
