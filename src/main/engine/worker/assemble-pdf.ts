/**
 * A PDF file from its objects written by hand: objects 1..n in order (object 1 must be the
 * catalog), a correct xref table and the trailer, with `trailerExtra` (e.g. /Encrypt) in it.
 */
export function assemblePdf(objects: string[], trailerExtra = ''): Uint8Array {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
  const trailer = [`/Size ${objects.length + 1}`, '/Root 1 0 R', ...(trailerExtra ? [trailerExtra] : [])]
  out += `trailer\n<< ${trailer.join(' ')} >>\nstartxref\n${xref}\n%%EOF\n`
  // latin1 keeps one byte per character, so the offsets above are byte offsets.
  return new Uint8Array(Buffer.from(out, 'latin1'))
}
