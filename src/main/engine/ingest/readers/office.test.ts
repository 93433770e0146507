import { ingestRemedy } from '@shared/ingest-remedies.js'
import { describe, expect, it } from 'vitest'
import { makeEncryptedOdt, makeOdp, makeOdt, makePptx } from '@tests/fixtures/office-factory.js'
import { blocks, locatorOf, read, readError } from './readers-test-kit.js'

const long = (topic: string) =>
  Array.from({ length: 5 }, (_, i) => `Point ${i + 1} on ${topic} matters to the reader of this text.`).join(
    ' ',
  )

describe('OpenDocument and PowerPoint readers', () => {
  it('reads an ODT whose content sits in sections, with heading levels and lists', async () => {
    const doc = await read(
      makeOdt([
        { heading: 're — Regular expressions', level: 1 },
        { p: long('patterns') },
        { heading: 'Flags', level: 2 },
        { p: 're.IGNORECASE performs case-insensitive matching. ' + long('flags') },
        { list: ['re.ASCII', 're.MULTILINE'] },
      ]),
      '/d/re.odt',
    )
    expect(doc.format).toBe('odt')
    expect(blocks(doc)).toContainEqual(['heading', 'Flags'])
    expect(blocks(doc)).toContainEqual(['list-item', 're.MULTILINE'])
    expect(locatorOf(doc, 'case-insensitive matching')).toBe('re — Regular expressions > Flags')
  })

  it('keeps slides in order with their speaker notes, each passage cited by its slide', async () => {
    const doc = await read(
      makeOdp([
        {
          title: 'Quarterly results',
          text: 'Revenue grew by 12 percent.',
          notes: 'Mention the new contract.',
        },
        { title: 'Outlook', text: 'Hiring continues in the second half.' },
        { title: 'Questions', text: 'Ask away.' },
      ]),
      '/d/deck.odp',
    )
    expect(doc.format).toBe('odp')
    expect(doc.pages).toHaveLength(3)
    expect(blocks(doc)).toContainEqual(['note', 'Mention the new contract.'])
    expect(locatorOf(doc, 'Revenue grew')).toBe('Slide 1 > Quarterly results')
    expect(locatorOf(doc, 'Hiring continues')).toBe('Slide 2 > Outlook')
    // A passage never runs from one slide into the next.
    expect(doc.chunks.find((c) => c.text.includes('Hiring'))!.text).not.toMatch(/Revenue|Ask away/)
  })

  it('numbers PowerPoint slides in the order the presentation shows them, with their speaker notes', async () => {
    // Stored as slide1..3, shown 3, 1, 2 (the deck was reordered).
    const doc = await read(
      makePptx(
        [
          {
            title: 'Budget',
            text: 'The budget grew by twelve percent.',
            notes: 'Mention the signed contract.',
          },
          { title: 'Staffing', text: 'Four archivists join in March.' },
          { title: 'Agenda', text: 'Budget, staffing, questions.' },
        ],
        [2, 0, 1],
      ),
      '/d/deck.pptx',
    )
    expect(doc.format).toBe('pptx')
    expect(locatorOf(doc, 'Budget, staffing, questions')).toBe('Slide 1 > Agenda')
    expect(locatorOf(doc, 'twelve percent')).toBe('Slide 2 > Budget')
    expect(locatorOf(doc, 'archivists')).toBe('Slide 3 > Staffing')
    expect(blocks(doc)).toContainEqual(['note', 'Mention the signed contract.'])
  })

  it('gives speaker notes to the slide whose relationship names them, not the slide of the same number', async () => {
    // PowerPoint numbers notes files in the order notes were written: the second slide's notes
    // are notesSlide1.xml, and the first slide has none.
    const doc = await read(
      makePptx([
        { title: 'Welcome', text: 'Opening remarks for the board.' },
        {
          title: 'Budget',
          text: 'The budget grew by twelve percent.',
          notes: 'Mention the signed contract.',
          notesFile: 1,
        },
      ]),
      '/d/deck.pptx',
    )
    expect(locatorOf(doc, 'Mention the signed contract')).toBe('Slide 2 > Budget')
    expect(doc.pages[0]!.text).not.toMatch(/signed contract/)
  })

  it('refuses a password-protected OpenDocument file with what to do', async () => {
    const err = await readError(makeEncryptedOdt(), '/d/secret.odt')
    expect(err).toMatchObject({ code: 'DOC_ENCRYPTED' })
    expect(err!.message).toBe('secret.odt is password-protected.')
    expect(ingestRemedy('DOC_ENCRYPTED').remedy).toMatch(/remove the password/)
  })
})
