import { describe, expect, it } from 'vitest'
import { splitInitOnly } from './ocr-engine.js'

describe('tesseract parameters', () => {
  it('sends init-only parameters to initialisation and the rest to setParameters', () => {
    // Set after initialisation, these would be ignored (and tesseract.js would print a warning).
    expect(
      splitInitOnly({
        load_system_dawg: '0',
        lstm_use_matrix: '0',
        tessedit_do_invert: '0',
        user_defined_dpi: '150',
      }),
    ).toEqual({
      init: { load_system_dawg: '0', lstm_use_matrix: '0' },
      later: { tessedit_do_invert: '0', user_defined_dpi: '150' },
    })
  })
})
