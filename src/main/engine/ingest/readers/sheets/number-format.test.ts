import { describe, expect, it } from 'vitest'
import { builtInFormat, formatValue, generalNumber } from './number-format.js'

describe('number formats', () => {
  it('shows General numbers with at most 15 significant digits', () => {
    expect(generalNumber(35.599999999999994)).toBe('35.6')
    expect(generalNumber(3966.6666666666665)).toBe('3966.66666666667')
    expect(formatValue(5.878571428571429, 'General')).toBe('5.87857142857143')
  })

  it('shows decimals, grouping, percentages, scientific notation and literals as the sheet does', () => {
    expect(formatValue(1234.5, '#,##0.00')).toBe('1,234.50')
    expect(formatValue(1234.5, '0')).toBe('1235')
    expect(formatValue(0.125, '0.0%')).toBe('12.5%')
    expect(formatValue(12345.678, '0.00E+00')).toBe('1.23E+04')
    expect(formatValue(-42, '#,##0 ;(#,##0)')).toBe('(42)')
    expect(formatValue(-42.5, '0.0')).toBe('-42.5')
    expect(formatValue(19.99, '[$€-407]#,##0.00')).toBe('€19.99')
    expect(formatValue(7, '0" kg"')).toBe('7 kg')
    expect(formatValue(3.5, '0.0#')).toBe('3.5')
    expect(formatValue(3.456, '0.0#')).toBe('3.46')
    expect(formatValue(2500000, '#,##0,"k"')).toBe('2,500k')
  })

  it('shows dates and times from their day serials', () => {
    // 45352 is 2024-03-01 in the 1900 date system.
    expect(formatValue(45352, builtInFormat(14))).toBe('2024-03-01')
    expect(formatValue(45352.75, 'yyyy-mm-dd hh:mm')).toBe('2024-03-01 18:00')
    expect(formatValue(45352, 'd mmmm yyyy')).toBe('1 March 2024')
    expect(formatValue(45352, 'ddd dd/mm/yy')).toBe('Fri 01/03/24')
    expect(formatValue(0.5, 'h:mm AM/PM')).toBe('12:00 PM')
    expect(formatValue(1.25, '[h]:mm')).toBe('30:00')
    expect(formatValue(1, 'yyyy-mm-dd')).toBe('1900-01-01')
    expect(formatValue(61, 'yyyy-mm-dd')).toBe('1900-03-01')
    // The 1904 date system counts from 1 January 1904.
    expect(formatValue(0, 'yyyy-mm-dd', true)).toBe('1904-01-01')
  })

  it('falls back to General for what it cannot show', () => {
    expect(formatValue(0.75, '# ?/?')).toBe('0.75')
    expect(formatValue(150, '[>=100]0;0.00')).toBe('150')
    expect(formatValue(5, builtInFormat(999))).toBe('5')
  })
})
