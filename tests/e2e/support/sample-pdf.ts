// The document the end-to-end scenario imports: two pages, the fact asked about on page 2.
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '../../fixtures/pdf-factory.js'

export const QUESTION = 'How high does the harbour tide rise at spring tide?'
export const FACT = 'The harbour tide rises twice a day and reaches 4.2 metres at spring tide.'

export function harbourPdf(): Promise<Uint8Array> {
  return makeTextPdf(harbourSpec())
}

/** The handbook's pages, for tests that render them (a scanned copy) rather than write them. */
export function harbourSpec(): TextPdfSpec {
  return {
    title: 'Harbour Handbook',
    pages: [
      {
        lines: [
          { text: 'Harbour Handbook', size: 18 },
          ...paragraphLines([
            'This handbook describes the harbour, its moorings and the rules for visiting boats.',
            'Visitors should report to the harbour office on arrival and pay the mooring fee.',
          ]),
        ],
      },
      {
        lines: [
          { text: 'Tides', size: 16 },
          ...paragraphLines([
            FACT,
            'At neap tide the range is smaller, about 2.1 metres, so deep-keeled boats should plan ahead.',
            'Tide tables are posted daily at the harbour office.',
          ]),
        ],
      },
    ],
  }
}
