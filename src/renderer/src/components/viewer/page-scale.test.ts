import { describe, expect, it } from 'vitest'
import { pageScale } from './page-scale.js'

describe('page scale', () => {
  it('draws a PDF page at its physical size times the zoom', () => {
    expect(pageScale(1, 595, null)).toBe(1)
    expect(pageScale(1.5, 595, null)).toBe(1.5)
  })

  it('fits an image page to the viewer width at 100 %, and zooms from there', () => {
    // A 1200 px photo stored at 300 dpi is 288 pt wide: 288 px at "100 %" before, 640 px now.
    expect(pageScale(1, 288, 640) * 288).toBeCloseTo(640)
    expect(pageScale(2, 288, 640) * 288).toBeCloseTo(1280)
    // No width measured yet: drawn as a PDF page until it is.
    expect(pageScale(1, 288, 0)).toBe(1)
  })
})
