import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import { conversation, message } from '@renderer/test/fake-api.js'

describe('history sidebar', () => {
  async function setup() {
    const user = userEvent.setup()
    const app = await renderApp({
      'conversations.list': (input) =>
        input.query ? [conversation(2, 'Tides')] : [conversation(1, 'Budget'), conversation(2, 'Tides')],
      'conversations.get': ({ id }) => ({
        conversation: conversation(id),
        messages: [message(1, { role: 'user', text: `Question in ${id}` }), message(2, { text: 'Answer' })],
      }),
      'conversations.rename': ({ id, title }) => conversation(id, title),
      'conversations.delete': () => ({}),
      'conversations.export': () => ({ markdown: '# Budget', fileName: 'budget.md' }),
    })
    return { user, ...app }
  }

  it('restores the most recent conversation on start and searches with Ctrl+K', async () => {
    const { user, api } = await setup()
    expect(await screen.findByText('Question in 1')).toBeTruthy()
    await user.keyboard('{Control>}k{/Control}')
    const search = screen.getByRole('searchbox', { name: 'Search conversations' })
    expect(document.activeElement).toBe(search)
    await user.type(search, 'tide')
    await waitFor(() => expect(screen.queryByText('Budget')).toBeNull())
    expect(api.callsTo('conversations.list').at(-1)).toEqual({ query: 'tide' })
  })

  it('shows the line that matched under each search result, the matched words marked', async () => {
    const user = userEvent.setup()
    await renderApp({
      'conversations.list': (input) =>
        input.query
          ? [{ ...conversation(2, 'Tides'), snippet: '…at spring [[tide]] the harbour reaches 4.2 m…' }]
          : [conversation(1, 'Budget'), conversation(2, 'Tides')],
    })
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'tide')
    const history = screen.getByRole('navigation', { name: 'Conversations' })
    const line = await within(history).findByText((_, el) => el?.className === 'conv-snippet')
    expect(line.textContent).toBe('…at spring tide the harbour reaches 4.2 m…')
    expect(line.querySelector('mark')!.textContent).toBe('tide')
  })

  it('opens, renames, exports and deletes conversations; Ctrl+N starts a new one', async () => {
    const { user, api, stores } = await setup()
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    await user.click(within(nav).getByRole('button', { name: /^Tides/ }))
    expect(await screen.findByText('Question in 2')).toBeTruthy()

    await user.click(within(nav).getByRole('button', { name: 'Rename Budget' }))
    const title = within(nav).getByRole('textbox', { name: 'Conversation title' })
    await user.clear(title)
    await user.type(title, 'Q3 budget{Enter}')
    expect(api.callsTo('conversations.rename')).toEqual([{ id: 1, title: 'Q3 budget' }])
    expect(await within(nav).findByText('Q3 budget')).toBeTruthy()

    const createUrl = vi.fn(() => 'blob:x')
    URL.createObjectURL = createUrl
    URL.revokeObjectURL = vi.fn()
    await user.click(within(nav).getByRole('button', { name: 'Export Q3 budget to Markdown' }))
    await waitFor(() => expect(createUrl).toHaveBeenCalled())

    await user.click(within(nav).getByRole('button', { name: 'Delete Tides' }))
    await user.click(within(nav).getByRole('button', { name: 'Confirm delete Tides' }))
    expect(api.callsTo('conversations.delete')).toEqual([{ id: 2 }])
    await waitFor(() => expect(stores.chat.getState().conversationId).toBeNull())

    await act(async () => stores.chat.getState().open(1))
    await user.keyboard('{Control>}n{/Control}')
    await waitFor(() => expect(stores.chat.getState().conversationId).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Question' }))
  })

  it('saves a rename when focus leaves the field; Esc discards it', async () => {
    const { user, api } = await setup()
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    await user.click(within(nav).getByRole('button', { name: 'Rename Budget' }))
    const title = within(nav).getByRole('textbox', { name: 'Conversation title' })
    await user.clear(title)
    await user.type(title, 'Budget 2024')
    await user.click(screen.getByRole('textbox', { name: 'Question' }))
    expect(api.callsTo('conversations.rename')).toEqual([{ id: 1, title: 'Budget 2024' }])

    await user.click(within(nav).getByRole('button', { name: 'Rename Tides' }))
    await user.type(within(nav).getByRole('textbox', { name: 'Conversation title' }), ' draft{Escape}')
    expect(api.callsTo('conversations.rename')).toHaveLength(1)
  })

  it('is one Tab stop; arrow keys move between conversations (roving tabindex)', async () => {
    const { user } = await setup()
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    await screen.findByText('Question in 1')
    const open = () => within(nav).getAllByRole('button', { name: /^(Budget|Tides)/ })
    expect(open().map((b) => b.tabIndex)).toEqual([0, -1])
    open()[0]!.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(open()[1])
    expect(open().map((b) => b.tabIndex)).toEqual([-1, 0])
    // The other conversation's actions left the Tab order with it.
    expect(within(nav).getByRole('button', { name: 'Delete Budget' }).tabIndex).toBe(-1)
    expect(within(nav).getByRole('button', { name: 'Delete Tides' }).tabIndex).toBe(0)
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(open()[0])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(open()[1])
  })

  it('starts a new conversation while an answer streams; the answer goes on in its own', async () => {
    const user = userEvent.setup()
    const { stores } = await renderApp({
      'conversations.list': () => [conversation(5, 'Tides')],
      'conversations.get': ({ id }) => ({
        conversation: conversation(id, 'Tides'),
        messages: [message(10, { conversationId: 5, role: 'user', text: 'Why the tides?' })],
      }),
      'chat.ask': () => ({ requestId: 'r1', conversationId: 5 }),
    })
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    expect(await screen.findByText('Why the tides?')).toBeTruthy()
    await act(async () => stores.chat.getState().ask('And the currents?'))
    act(() =>
      stores.chat.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: 'Currents' } }),
    )

    await user.click(within(nav).getByRole('button', { name: 'New conversation' }))
    await waitFor(() => expect(screen.queryByText('Why the tides?')).toBeNull())
    expect(stores.chat.getState()).toMatchObject({ conversationId: null, streaming: null })

    // Back to it: the answer is still being written there.
    await user.click(within(nav).getByRole('button', { name: /^Tides/ }))
    expect(await screen.findByText('Why the tides?')).toBeTruthy()
    expect(stores.chat.getState().streaming).toMatchObject({ requestId: 'r1', text: 'Currents' })
    expect(screen.getByRole('article', { name: 'Answer in progress' })).toBeTruthy()
  })

  it('lists the open collection’s conversations, switches with the collection, and shows all under All documents', async () => {
    const user = userEvent.setup()
    const budget = { ...conversation(1, 'Budget'), collectionId: null }
    const tides = { ...conversation(2, 'Tides'), collectionId: 7 }
    const { api, stores } = await renderApp({
      'collections.list': () => [{ id: 7, name: 'Case 14', documents: 1, createdAt: '2024-01-01T00:00:00Z' }],
      'collections.documentIds': () => [],
      'conversations.list': (input) => (input.collectionId === 7 ? [tides] : [budget, tides]),
      'conversations.get': ({ id }) => ({
        conversation: id === 1 ? budget : tides,
        messages: [message(1, { role: 'user', text: `Question in ${id}` })],
      }),
    })
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    expect(await screen.findByText('Question in 1')).toBeTruthy()
    expect(within(nav).getByRole('button', { name: /^Budget/ })).toBeTruthy()
    // Under All documents each conversation says its collection; one outside any says nothing.
    await waitFor(() => expect(within(nav).getAllByTestId('conversation-collection')).toHaveLength(1))
    expect(within(nav).getByRole('button', { name: /^Tides/ }).textContent).toContain('Case 14')
    expect(within(nav).getByTestId('conversation-collection').title).toBe('In Case 14')
    expect(within(nav).getByRole('button', { name: /^Budget/ }).textContent).not.toContain('Case 14')

    // Opening Case 14: its conversations only, untagged; the open one (of All documents) gives way
    // to Case 14's latest.
    await act(async () => stores.collections.getState().select(7))
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /^Budget/ })).toBeNull())
    expect(within(nav).getByRole('button', { name: /^Tides/ })).toBeTruthy()
    expect(within(nav).getByText('Case 14')).toBeTruthy()
    expect(api.callsTo('conversations.list').at(-1)).toEqual({ collectionId: 7 })
    expect(within(nav).queryByTestId('conversation-collection')).toBeNull()
    await waitFor(() => expect(stores.chat.getState().conversationId).toBe(2))
    expect(await screen.findByText('Question in 2')).toBeTruthy()

    // "Show all" opens All documents: every conversation, and the open one stays.
    await user.click(within(nav).getByRole('button', { name: 'Show all' }))
    expect(await within(nav).findByRole('button', { name: /^Budget/ })).toBeTruthy()
    expect(stores.collections.getState().current).toBeNull()
    expect(api.callsTo('conversations.list').at(-1)).toEqual({})
    expect(stores.chat.getState().conversationId).toBe(2)
    expect(within(nav).queryByText('Show all')).toBeNull()

    // Case 14 again: the open conversation is one of its own, so it stays open.
    await act(async () => stores.collections.getState().select(7))
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /^Budget/ })).toBeNull())
    expect(stores.chat.getState().conversationId).toBe(2)
  })
})
