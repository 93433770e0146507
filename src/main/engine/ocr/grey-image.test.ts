import { describe, expect, it } from 'vitest'
import { greyFromRgba, pgmBytes, turnGrey } from './grey-image.js'

// A 3 x 2 image whose pixels are numbered row by row: 1 2 3 / 4 5 6.
const img = { width: 3, height: 2, pixels: Uint8Array.from([1, 2, 3, 4, 5, 6]) }

describe('grey page images', () => {
  it('turns clockwise by 90, 180 and 270 degrees', () => {
    expect(turnGrey(img, 90)).toEqual({ width: 2, height: 3, pixels: Uint8Array.from([4, 1, 5, 2, 6, 3]) })
    expect(turnGrey(img, 180)).toEqual({ width: 3, height: 2, pixels: Uint8Array.from([6, 5, 4, 3, 2, 1]) })
    expect(turnGrey(img, 270)).toEqual({ width: 2, height: 3, pixels: Uint8Array.from([3, 6, 2, 5, 1, 4]) })
  })

  it('writes binary PGM: header, then one byte per pixel', () => {
    const pgm = pgmBytes(img)
    expect(pgm.subarray(0, 11).toString('ascii')).toBe('P5\n3 2\n255\n')
    expect([...pgm.subarray(11)]).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('takes luma from RGBA, with transparent pixels as white paper', () => {
    const rgba = Uint8Array.from([0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255])
    expect([...greyFromRgba(rgba, 4, 1).pixels]).toEqual([0, 255, 255, 76])
  })
})
