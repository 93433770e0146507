// A spreadsheet stores numbers (dates are numbers too: days since 1900) and a number format that
// says how to show each one. A person reads, and asks about, what the sheet shows: "12.5%",
// "2024-03-01", "1,250.00". This turns a stored value and its format code (ECMA-376 §18.8.31) into
// that text. What it does not know how to show (fractions, conditions it cannot read) it shows as
// the General format does. Formulas are never evaluated: a formula cell's stored value is shown.

/** The built-in number formats (ECMA-376 §18.8.30) a workbook refers to by id without a code. */
const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
}

/** The format code of a built-in id, or General for an id this table does not hold. */
export function builtInFormat(id: number): string {
  return BUILT_IN[id] ?? 'General'
}

/** A number as the General format shows it: at most 15 significant digits (35.6, not 35.599999999999994). */
export function generalNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  return String(Number(n.toPrecision(15)))
}

/** A format code's sections (positive;negative;zero;text), split outside quotes and brackets. */
function sections(code: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  let bracket = false
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!
    if (c === '\\' && !quoted) {
      cur += c + (code[i + 1] ?? '')
      i++
      continue
    }
    if (c === '"') quoted = !quoted
    else if (!quoted && c === '[') bracket = true
    else if (!quoted && c === ']') bracket = false
    if (c === ';' && !quoted && !bracket) {
      out.push(cur)
      cur = ''
    } else cur += c
  }
  out.push(cur)
  return out
}

/**
 * The code without what only colours or conditions a value ([Red], [>=100]); a currency ([$€-407])
 * keeps its sign and elapsed time ([h]) stays.
 */
function stripBrackets(code: string): string {
  return code.replace(
    /\[(\$([^\]-]*)(-[^\]]*)?|[^\]]*)\]/g,
    (all: string, _x, currency: string | undefined) =>
      currency !== undefined ? currency : /^\[(h+|m+|s+)\]$/i.test(all) ? all : '',
  )
}

/** Whether a section formats a date or a time (y, m, d, h or s outside quotes). */
function isDateSection(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
  return /[ydhs]/i.test(bare) || /(^|[^0#?])m/i.test(bare.replace(/AM\/PM|A\/P/gi, ''))
}

/** Days since the workbook's epoch → a UTC date (1900 system, with Excel's phantom 29 Feb 1900). */
export function serialToDate(serial: number, date1904 = false): Date {
  const s = date1904 ? serial + 1462 : serial
  // Day 1 is 1900-01-01; from day 61 (1 March 1900) on, Excel counts a 29 February 1900 that never was.
  const days = s < 61 ? s - 25568 : s - 25569
  return new Date(Math.round(days * 86400) * 1000)
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
)
const DAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ')
const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** A date or time value shown by its format section. */
function formatDate(serial: number, code: string, date1904: boolean): string {
  const d = serialToDate(serial, date1904)
  const ampm = /AM\/PM|A\/P/i.test(code)
  const tokens = code.match(/"[^"]*"|\\.|\[h+\]|\[m+\]|\[s+\]|AM\/PM|A\/P|y+|m+|d+|h+|s+(\.0+)?|./gi) ?? []
  // "m" means minutes right after an hour or right before a second, months elsewhere.
  const kinds = tokens.map((t) => t.replace(/^\[/, '').toLowerCase()[0])
  let out = ''
  tokens.forEach((t, i) => {
    const lower = t.toLowerCase()
    const prevTime = kinds
      .slice(0, i)
      .reverse()
      .find((k) => /[ydhms]/.test(k!))
    const nextTime = kinds.slice(i + 1).find((k) => /[ydhms]/.test(k!))
    if (t.startsWith('"')) out += t.slice(1, -1)
    else if (t.startsWith('\\')) out += t.slice(1)
    else if (/^\[h+\]$/i.test(t)) out += String(Math.floor(serial * 24))
    else if (/^\[m+\]$/i.test(t)) out += String(Math.floor(serial * 1440))
    else if (/^\[s+\]$/i.test(t)) out += String(Math.floor(serial * 86400))
    else if (lower === 'am/pm') out += d.getUTCHours() < 12 ? 'AM' : 'PM'
    else if (lower === 'a/p') out += d.getUTCHours() < 12 ? 'A' : 'P'
    else if (lower[0] === 'y')
      out += lower.length <= 2 ? pad(d.getUTCFullYear() % 100) : String(d.getUTCFullYear())
    else if (lower[0] === 'd')
      out +=
        lower.length === 1
          ? String(d.getUTCDate())
          : lower.length === 2
            ? pad(d.getUTCDate())
            : lower.length === 3
              ? DAYS[d.getUTCDay()]!.slice(0, 3)
              : DAYS[d.getUTCDay()]!
    else if (lower[0] === 'h') {
      const h = ampm ? d.getUTCHours() % 12 || 12 : d.getUTCHours()
      out += lower.length >= 2 ? pad(h) : String(h)
    } else if (lower[0] === 's') {
      const s = d.getUTCSeconds() + d.getUTCMilliseconds() / 1000
      const decimals = lower.includes('.') ? lower.length - lower.indexOf('.') - 1 : 0
      const whole = pad(Math.floor(s))
      out += decimals ? `${whole}${(s % 1).toFixed(decimals).slice(1)}` : whole
    } else if (lower[0] === 'm') {
      if (prevTime === 'h' || nextTime === 's')
        out += lower.length >= 2 ? pad(d.getUTCMinutes()) : String(d.getUTCMinutes())
      else {
        const m = d.getUTCMonth()
        out +=
          lower.length === 1
            ? String(m + 1)
            : lower.length === 2
              ? pad(m + 1)
              : lower.length === 3
                ? MONTHS[m]!.slice(0, 3)
                : lower.length === 5
                  ? MONTHS[m]![0]!
                  : MONTHS[m]!
      }
    } else out += t
  })
  return out
}

/** Groups thousands with commas. */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** A number shown by a numeric format section (digits, decimals, grouping, %, scientific, literals). */
function formatNumber(value: number, code: string): string {
  let v = value
  const bare = code.replace(/"[^"]*"|\\./g, '')
  if (bare.includes('%')) v *= 100 * (bare.match(/%/g)!.length > 1 ? 100 : 1)
  // Trailing commas after the digits scale by a thousand each ("#,##0,").
  const scale = /[0#?],+(?=[^0#?]*$)/.exec(bare)
  if (scale) v /= 1000 ** (scale[0].length - 1)
  const number = /[0#?][0#?,]*(\.[0#?]*)?(E[+-][0#]+)?/i.exec(bare)
  if (!number) return generalNumber(value)
  const spec = number[0]
  const decimals = /\.([0#?]*)/.exec(spec)?.[1] ?? ''
  const fixed = decimals.replace(/[#?]/g, '').length
  let digits: string
  if (/E[+-]/i.test(spec)) {
    const [m, e] = Math.abs(v).toExponential(decimals.length).split('e')
    const exp = Number(e)
    const expDigits = /E[+-]([0#]+)/i.exec(spec)![1]!.length
    digits = `${m}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(expDigits, '0')}`
  } else {
    digits = Math.abs(v).toFixed(decimals.length)
    // Optional decimal places (#) drop their trailing zeros.
    if (decimals.length > fixed) {
      const [i, f = ''] = digits.split('.')
      const kept = f.slice(0, fixed) + f.slice(fixed).replace(/0+$/, '')
      digits = kept ? `${i}.${kept}` : i!
    }
    const intPart = spec.split('.')[0]!
    const [i, f] = digits.split('.')
    let whole = i!
    if (/^[#?]/.test(intPart) && !intPart.includes('0') && whole === '0' && (f || value !== 0)) whole = ''
    if (/[0#?],[0#?]/.test(intPart)) whole = group(whole)
    digits = f !== undefined ? `${whole}.${f}` : whole
  }
  // The literal text around the number (currency signs, units), with the number in its place.
  const before = literal(code.slice(0, code.indexOf(spec[0]!)))
  const afterAt = code.lastIndexOf(spec.at(-1)!) + 1
  const after = literal(code.slice(afterAt))
  return `${before}${digits}${after}`
}

/** The literal characters of a piece of a format code: quoted text, escaped characters, signs. */
function literal(piece: string): string {
  return piece
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/[_*]./g, (m) => (m[0] === '_' ? ' ' : ''))
    .replace(/[#0?,]/g, '')
}

/**
 * A stored number as its format shows it. `code` is the format code ("0.00%", "yyyy-mm-dd"), or
 * General. Dates count days from 1900 (or 1904, when the workbook says so).
 */
export function formatValue(value: number, code: string, date1904 = false): string {
  if (!code || /^general$/i.test(code.trim()) || code === '@') return generalNumber(value)
  const parts = sections(code)
  let section = parts[0]!
  let v = value
  // Without conditions: a second section shows negatives (without their sign), a third zero.
  if (value < 0 && parts.length > 1) {
    section = parts[1]!
    v = -value
  } else if (value === 0 && parts.length > 2) section = parts[2]!
  if (/\[[<>=]/.test(code)) return generalNumber(value)
  const bare = stripBrackets(section).trim()
  if (!bare || /^general$/i.test(bare)) return generalNumber(value)
  // Fractions are shown as decimals: what matters is the value, not its typography.
  if (/\?\/\?|#\/#|\d\/\d/.test(bare)) return generalNumber(value)
  if (isDateSection(bare)) return v >= 0 && v < 2958466 ? formatDate(v, bare, date1904) : generalNumber(value)
  const shown = formatNumber(v, bare)
  return value < 0 && parts.length === 1 && shown !== '' && !/^0([.,]0*)?%?$/.test(shown)
    ? `-${shown}`
    : shown
}
