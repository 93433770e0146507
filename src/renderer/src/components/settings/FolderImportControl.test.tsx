import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FolderImportControl } from './FolderImportControl.js'

function renderControl(desktop: boolean) {
  const imports: (string | undefined)[] = []
  render(
    <FolderImportControl
      desktop={desktop}
      buttonLabel="Import thing folder…"
      fieldLabel="Thing folder"
      fieldId="thing-folder"
      placeholder="/path/to/thing"
      onImport={(path) => imports.push(path)}
    />,
  )
  return imports
}

describe('FolderImportControl', () => {
  it('on desktop is one button that asks for the folder without a path (the native picker)', async () => {
    const user = userEvent.setup()
    const imports = renderControl(true)
    expect(screen.queryByRole('textbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Import thing folder…' }))
    expect(imports).toEqual([undefined])
  })

  it('in browser mode takes a typed path, by the button or Enter, and never an empty one', async () => {
    const user = userEvent.setup()
    const imports = renderControl(false)
    const field = screen.getByRole('textbox', { name: 'Thing folder' })
    const button = screen.getByRole('button', { name: 'Import thing folder…' })
    expect(field.id).toBe('thing-folder')
    expect(field.getAttribute('placeholder')).toBe('/path/to/thing')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    await user.type(field, '   {Enter}')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(imports).toEqual([])
    await user.clear(field)
    await user.type(field, '/models/a')
    await user.click(button)
    await user.clear(field)
    await user.type(field, '/models/b{Enter}')
    expect(imports).toEqual(['/models/a', '/models/b'])
  })
})
