import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { conversation, doc, readyOllama } from './test/fake-api.js'
import { renderApp } from './test/render-app.js'

describe('the window', () => {
  it('puts focus in the question box on load', async () => {
    await renderApp()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Question' }))
  })

  it('hides and shows the sidebar with its button and Ctrl+B', async () => {
    const user = userEvent.setup()
    const { stores } = await renderApp()
    const toggle = screen.getByRole('button', { name: 'Hide sidebar' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(toggle)
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Show sidebar' })).toBeTruthy()
    await user.keyboard('{Control>}b{/Control}')
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeTruthy()
    expect(stores.ui.getState().sidebarOpen).toBe(true)
  })

  it('brings back the sidebar that narrowing the window hid, once the window is wide again', async () => {
    // A media query list the test drives, as Chromium's would fire on resize.
    const listeners = new Set<(e: MediaQueryListEvent) => void>()
    const query = {
      matches: false,
      addEventListener: (_: string, f: (e: MediaQueryListEvent) => void) => listeners.add(f),
      removeEventListener: (_: string, f: (e: MediaQueryListEvent) => void) => listeners.delete(f),
    }
    const before = window.matchMedia
    window.matchMedia = (() => query) as unknown as typeof window.matchMedia
    try {
      const { stores } = await renderApp()
      const resize = (matches: boolean) =>
        act(() => listeners.forEach((f) => f({ matches } as MediaQueryListEvent)))
      resize(true)
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull()
      resize(false)
      expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeTruthy()
      // A sidebar the person hid stays hidden however the window is resized.
      act(() => stores.ui.getState().toggleSidebar(false))
      resize(true)
      resize(false)
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull()
    } finally {
      window.matchMedia = before
    }
  })

  it('draws its icons as SVG from the icon set, not emoji or text glyphs', async () => {
    await renderApp({ 'conversations.list': () => [conversation(1, 'Budget')] })
    for (const name of ['Open settings', 'Delete Budget', 'Rename Budget', 'Export Budget to Markdown']) {
      const button = screen.getByRole('button', { name })
      expect(button.querySelector('svg'), name).toBeTruthy()
      expect(button.textContent?.trim(), name).toBe('')
    }
  })

  it('does not bring the first-run checklist back for a returning person who deletes a conversation', async () => {
    const user = userEvent.setup()
    let items = [conversation(1, 'Budget')]
    const { stores } = await renderApp({
      'ollama.status': () => readyOllama(),
      'library.documents': () => [doc(1)],
      'conversations.list': () => items,
      'conversations.get': ({ id }) => ({ conversation: conversation(id), messages: [] }),
      'conversations.delete': () => {
        items = []
        return {}
      },
    })
    await waitFor(() => expect(stores.ui.getState().onboarded).toBe(true))
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    await user.click(within(nav).getByRole('button', { name: 'Delete Budget' }))
    await user.click(within(nav).getByRole('button', { name: 'Confirm delete Budget' }))
    await act(async () => stores.conversations.getState().load())
    expect(stores.conversations.getState().items).toEqual([])
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    expect(screen.getByText('Ask your documents')).toBeTruthy()
  })
})
