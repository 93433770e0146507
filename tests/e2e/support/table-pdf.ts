// A report with a ruled results table on its second page, for the tables end-to-end test.
import { PDFDocument, StandardFonts } from 'pdf-lib'

export const TABLE_QUESTION = 'What was the response rate at the Lyon site?'
export const TABLE_ANSWER = 'The Lyon site had a response rate of 41% [1].'

const FIXED_DATE = new Date('2024-01-02T03:04:05Z')

const ROWS = [
  ['Site', 'Patients', 'Response rate'],
  ['Oslo', '120', '34%'],
  ['Lyon', '95', '41%'],
  ['Porto', '88', '29%'],
  ['Graz', '102', '37%'],
]

export async function resultsTablePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle('Trial Report')
  doc.setCreationDate(FIXED_DATE)
  doc.setModificationDate(FIXED_DATE)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const text = (page: ReturnType<typeof doc.addPage>, s: string, x: number, y: number, size = 11) =>
    page.drawText(s, { x, y, size, font })
  const first = doc.addPage([612, 792])
  text(first, 'Trial Report', 72, 700, 18)
  text(first, 'This report describes a trial of a new treatment run at four hospital sites.', 72, 670)
  text(first, 'Each site enrolled patients over twelve months and followed them for a year.', 72, 654)
  const second = doc.addPage([612, 792])
  text(second, 'Results', 72, 700, 16)
  text(second, 'The sites differed in how many patients responded to the treatment.', 72, 676)
  const top = 640
  const xs = [150, 260, 360, 480]
  ROWS.forEach((r, i) => r.forEach((cell, c) => text(second, cell, xs[c]! + 8, top - 14 - i * 18)))
  for (let i = 0; i <= ROWS.length; i++)
    second.drawLine({
      start: { x: xs[0]!, y: top - i * 18 - 4 },
      end: { x: xs[3]!, y: top - i * 18 - 4 },
      thickness: 0.5,
    })
  for (const x of xs)
    second.drawLine({ start: { x, y: top - 4 }, end: { x, y: top - ROWS.length * 18 - 4 }, thickness: 0.5 })
  text(second, 'Table 1: Response by site.', 230, top - ROWS.length * 18 - 24)
  text(second, 'Response was judged by the same panel at every site.', 72, top - ROWS.length * 18 - 56)
  return doc.save({ useObjectStreams: false })
}
