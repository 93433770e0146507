import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InlineError } from './InlineError.js'

describe('InlineError', () => {
  it('says the failure as an alert, and nothing while there is none', () => {
    const { container, rerender } = render(<InlineError error={null} />)
    expect(container.innerHTML).toBe('')
    rerender(<InlineError error="The library is busy." />)
    expect(screen.getByRole('alert').textContent).toBe('The library is busy.')
    rerender(<InlineError error="" />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
