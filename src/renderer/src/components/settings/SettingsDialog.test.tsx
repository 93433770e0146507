import { screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@renderer/test/render-app.js'
import { doc, FakeError, readyOllama } from '@renderer/test/fake-api.js'
import { normalizeOllamaHost } from '@shared/ollama-host.js'

/** Opens Settings from the header; the dialog. */
async function openSettings(user: UserEvent): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Open settings' }))
  return screen.getByRole('dialog', { name: 'Settings' })
}

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
    // Worded for the app: Settings, not the CLI's --ollama-url.
    expect(
      within(list).getByText(
        'Start Ollama on that machine ("ollama serve" or the Ollama app), or set the right address in Settings → Language model → Host.',
      ),
    ).toBeTruthy()
    expect(within(list).getByText(/Ollama is running/).textContent).toContain('(to do)')
    expect(screen.getByRole('button', { name: /Language model status: Ollama is not running/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Question' }).getAttribute('placeholder')).toBe(
      'Add a PDF to start asking questions',
    )
  })

  it('picks a model from the installed ones and changes the host', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp()
    const dialog = await openSettings(user)
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
    await user.type(host, 'http://10.0.0.2:11434')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(api.callsTo('settings.set').at(-1)).toEqual({ ollamaHost: 'http://10.0.0.2:11434' })
    expect(within(dialog).getByText(/Meaning \+ keyword search/)).toBeTruthy()
    // Esc closes Settings right after Save, also when the pressed button was disabled while
    // checking and focus fell back to the page.
    ;(document.activeElement as HTMLElement).blur()
    expect(document.activeElement).toBe(document.body)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says Ollama cannot be reached (not "No models installed"), with the fix in the body font', async () => {
    const user = userEvent.setup()
    await renderApp({
      'ollama.status': () =>
        readyOllama({
          state: 'not-running',
          models: [],
          model: null,
          version: null,
          message: 'Ollama is not reachable at http://127.0.0.1:11434.',
          fix: 'Run: ollama serve',
        }),
    })
    const dialog = await openSettings(user)
    const select = within(dialog).getByRole('combobox', { name: 'Model' })
    expect(within(select).getByRole('option').textContent).toBe('Ollama cannot be reached')
    expect(within(dialog).queryByText('No models installed')).toBeNull()
    // A remedy is a sentence to read: not set as code.
    expect(dialog.querySelector('code.fix-line')).toBeNull()
  })

  it('prints the Ollama version once', async () => {
    const user = userEvent.setup()
    await renderApp({
      'ollama.status': () =>
        readyOllama({ version: '0.5.7', message: 'Ollama 0.5.7 is ready with llama3.2:3b.' }),
    })
    const dialog = await openSettings(user)
    expect(dialog.textContent!.split('0.5.7')).toHaveLength(2)
  })

  it('changes the retrieval settings, each with what it changes and its evaluated default', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({
      'app.info': () => ({
        version: '0.1.0',
        shell: 'browser',
        libraryDir: '/lib',
        firstRun: false,
        retrievalDefaults: { answerPassages: 6, minCoverage: 0.25 },
      }),
    })
    const section = within(await openSettings(user)).getByRole('region', { name: 'Answers' })
    expect(section.textContent).toContain('Evaluated default: 6.')
    expect(section.textContent).toContain('Evaluated default: 0.25.')
    const passages = within(section).getByRole('spinbutton', { name: 'Passages per answer' })
    await user.clear(passages)
    await user.type(passages, '4{Enter}')
    expect(api.callsTo('settings.set').at(-1)).toEqual({ answerPassages: 4 })
    // Out of bounds: put back, not sent.
    const strict = within(section).getByRole('spinbutton', { name: '“Not found” threshold' })
    await user.clear(strict)
    await user.type(strict, '5{Enter}')
    expect((strict as HTMLInputElement).value).toBe('0.25')
    await user.clear(strict)
    await user.type(strict, '0.4{Enter}')
    expect(api.callsTo('settings.set').at(-1)).toEqual({ minCoverage: 0.4 })
    await user.click(within(section).getByRole('button', { name: 'Use default' }))
    expect(api.callsTo('settings.set').at(-1)).toEqual({ minCoverage: 0.25 })
  })

  it('imports a model folder by path in browser mode; the server judges the folder', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp({
      'library.importModelFolder': ({ path }) => {
        if (path !== '/models/minilm') throw new FakeError('MODEL_INVALID', `${path} has no model.onnx.`)
        return { mode: 'hybrid', model: 'all-MiniLM-L6-v2', modelDir: path, reason: null }
      },
    })
    const dialog = await openSettings(user)
    const field = within(dialog).getByRole('textbox', { name: 'Model folder' })
    await user.type(field, '/tmp/nothing')
    await user.click(within(dialog).getByRole('button', { name: 'Import model folder…' }))
    expect(await within(dialog).findByText('/tmp/nothing has no model.onnx.')).toBeTruthy()
    await user.clear(field)
    await user.type(field, '/models/minilm{Enter}')
    expect(await within(dialog).findByText('Using all-MiniLM-L6-v2.')).toBeTruthy()
    expect(api.callsTo('library.importModelFolder')).toEqual([
      { path: '/tmp/nothing' },
      { path: '/models/minilm' },
    ])
    expect(api.callsTo('library.pickFiles')).toEqual([])
  })

  it('switches the theme (system / light / dark) and remembers it', async () => {
    const user = userEvent.setup()
    const { stores } = await renderApp()
    await openSettings(user)
    const theme = screen.getByRole('radiogroup', { name: 'Theme' })
    expect((within(theme).getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true)
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false)
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }))
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark')
    await user.click(within(theme).getByRole('radio', { name: 'Light' }))
    expect(document.documentElement.getAttribute('data-theme')).toBe('light')
    expect(stores.ui.getState().theme).toBe('light')
    await user.click(within(theme).getByRole('radio', { name: 'System' }))
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false)
  })

  it('says where the library keeps its files and deletes the library after a confirmation', async () => {
    const user = userEvent.setup()
    const { api, stores } = await renderApp({
      'library.documents': () => [doc(1)],
      'library.delete': () => ({}),
    })
    const section = within(await openSettings(user)).getByRole('region', { name: 'Library' })
    expect(section.textContent).toMatch(
      /Documents added in this browser window are copied into \/lib\/imported/,
    )
    await user.click(within(section).getByRole('button', { name: 'Delete this library…' }))
    expect(api.callsTo('library.delete')).toEqual([])
    await user.click(within(section).getByRole('button', { name: 'Delete everything' }))
    expect(api.callsTo('library.delete')).toEqual([{ confirm: true }])
    expect(await within(section).findByText('The library was deleted. It is empty now.')).toBeTruthy()
    expect(stores.library.getState().documents).toEqual([])
  })

  it("says when the library folder also holds files that are not Quire's", async () => {
    const user = userEvent.setup()
    await renderApp({
      'library.status': () => ({
        embedding: { mode: 'keyword', model: null, modelDir: null, reason: null },
        libraryDir: '/home/me/reports',
        documents: 2,
        chunks: 9,
        otherFiles: { count: 7, names: ['Q3', 'annual.pdf', 'notes.txt'] },
      }),
    })
    const section = within(await openSettings(user)).getByRole('region', { name: 'Library' })
    expect(within(section).getByRole('note').textContent).toBe(
      'This folder also holds 7 items that are not Quire’s (Q3, annual.pdf, notes.txt, …); Delete leaves them where they are.',
    )
  })

  it('turns OCR of scanned pages off and on again', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp()
    const dialog = await openSettings(user)
    const box = within(dialog).getByRole('checkbox', { name: /Read scanned pages and images with OCR/ })
    expect((box as HTMLInputElement).checked).toBe(true)
    await user.click(box)
    expect(api.callsTo('settings.set').at(-1)).toEqual({ ocr: false })
    expect((box as HTMLInputElement).checked).toBe(false)
    await user.click(box)
    expect(api.callsTo('settings.set').at(-1)).toEqual({ ocr: true })
  })

  it('turns building summaries when idle on (it is off by default)', async () => {
    const user = userEvent.setup()
    const { api } = await renderApp()
    const dialog = await openSettings(user)
    const box = within(dialog).getByRole('checkbox', {
      name: /Build document summaries while the computer is idle/,
    })
    expect((box as HTMLInputElement).checked).toBe(false)
    await user.click(box)
    expect(api.callsTo('settings.set').at(-1)).toEqual({ summarizeWhenIdle: true })
  })

  it('says how a host without a scheme was normalised, and why a bad one was refused', async () => {
    const user = userEvent.setup()
    await renderApp({
      // The main process's rule, as settings.set applies it.
      'settings.set': (input) => ({
        ollamaHost: normalizeOllamaHost(input.ollamaHost ?? ''),
        model: null,
        ocr: true,
        answerPassages: 6,
        minCoverage: 0.25,
      }),
    })
    const dialog = await openSettings(user)
    const host = within(dialog).getByRole('textbox', { name: 'Host' })
    await user.clear(host)
    await user.type(host, '10.0.0.2:11434{Enter}')
    expect(
      await within(dialog).findByText('"10.0.0.2:11434" has no scheme: using http://10.0.0.2:11434.'),
    ).toBeTruthy()
    await user.clear(host)
    await user.type(host, 'ftp://10.0.0.2{Enter}')
    expect(
      await within(dialog).findByText('The Ollama address must start with http:// or https:// (got ftp:).'),
    ).toBeTruthy()
  })

  it('checks the library from Settings and repairs it when damaged', async () => {
    const user = userEvent.setup()
    let damaged = true
    const { api } = await renderApp({
      'library.check': ({ repair }) => {
        if (repair) damaged = false
        return damaged
          ? {
              ok: false,
              problems: ['Tree 5 page 7: btreeInitPage() returns error code 11'],
              repaired: false,
              reimported: [],
              unrecoverable: [],
            }
          : { ok: true, problems: [], repaired: true, reimported: ['/docs/a.pdf'], unrecoverable: [] }
      },
    })
    const section = within(await openSettings(user)).getByRole('region', { name: 'Library' })
    await user.click(within(section).getByRole('button', { name: 'Check library' }))
    expect(await within(section).findByText(/The library is damaged/)).toBeTruthy()
    expect(within(section).getByText(/btreeInitPage/)).toBeTruthy()
    await user.click(within(section).getByRole('button', { name: 'Repair' }))
    expect(await within(section).findByText('The library was damaged and is repaired.')).toBeTruthy()
    expect(within(section).getByText('1 documents were added again.')).toBeTruthy()
    expect(api.callsTo('library.check')).toEqual([{ repair: false }, { repair: true }])
  })
})
