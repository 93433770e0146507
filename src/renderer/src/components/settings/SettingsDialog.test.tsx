import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import { readyOllama } from '@renderer/test/fake-api.js'

describe('settings and first run', () => {
  it('walks a new person through the checklist and shows the Ollama fix', async () => {
    await renderApp({
      'ollama.status': () =>
        readyOllama({
          state: 'not-running',
          models: [],
          model: null,
          message: 'Ollama is not running.',
          fix: 'Run: ollama serve',
        }),
    })
    const list = screen.getByRole('region', { name: 'Getting started' })
    expect(within(list).getByText('Run: ollama serve')).toBeTruthy()
    expect(within(list).getByText(/Ollama is running/).textContent).toContain('(to do)')
    expect(screen.getByRole('button', { name: /Language model status: Ollama is not running/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Question' }).getAttribute('placeholder')).toBe(
      'Add a PDF to start asking questions',
    )
  })

  it('picks a model from the installed ones and changes the host', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp()
    await user.click(screen.getByRole('button', { name: 'Open settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Settings' })
    const select = within(dialog).getByRole('combobox', { name: 'Model' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['llama3.2:3b', 'qwen2.5:7b'])
    await user.selectOptions(select, 'qwen2.5:7b')
    expect(api.callsTo('settings.set')).toEqual([{ model: 'qwen2.5:7b' }])
    const host = within(dialog).getByRole('textbox', { name: 'Host' })
    await user.clear(host)
    await user.type(host, 'http://10.0.0.2:11434{Enter}')
    expect(api.callsTo('settings.set').at(-1)).toEqual({ ollamaHost: 'http://10.0.0.2:11434' })
    expect(within(dialog).getByText(/Meaning \+ keyword search/)).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: /Import model folder/ })).toBeNull()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
