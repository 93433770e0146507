import { describe, expect, it } from 'vitest'
import { alsoInLabel, baseName, countOf, pagesLabel, sourceLabel, sourceTitles } from './labels.js'

describe('labels', () => {
  it('names pages with ranges, and the printed labels when they differ', () => {
    expect(pagesLabel([3])).toBe('p. 3')
    expect(pagesLabel([4, 3])).toBe('pp. 3–4')
    expect(pagesLabel([3, 5, 6])).toBe('pp. 3, 5–6')
    expect(pagesLabel([25], ['9'])).toBe('p. 9 (PDF p. 25)')
    expect(pagesLabel([9, 10], ['ix', 'x'])).toBe('pp. ix–x (PDF pp. 9–10)')
    expect(pagesLabel([4, 5], [null, null])).toBe('pp. 4–5')
  })

  it('takes the file name off either kind of folder separator', () => {
    expect(baseName('/lib/a/report.pdf')).toBe('report.pdf')
    expect(baseName('C:\\lib\\report.pdf')).toBe('report.pdf')
  })
})

describe('counts and sources', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(1, 'page')).toBe('1 page')
    expect(countOf(2, 'page')).toBe('2 pages')
    expect(countOf(0, 'passage')).toBe('0 passages')
  })

  it('cites a source by file name and pages, printed labels first', () => {
    expect(sourceLabel({ file: '/docs/report.pdf', pages: [19, 20], pageLabels: ['3', '4'] })).toBe(
      'report.pdf, pp. 3–4 (PDF pp. 19–20)',
    )
    expect(sourceLabel({ file: '/docs/notes.docx', pages: [], locator: '2 Setup > Remotes' })).toBe(
      'notes.docx, 2 Setup > Remotes',
    )
    expect(sourceLabel({ file: 'C:\\docs\\notes.txt', pages: [] })).toBe('notes.txt')
  })
})

describe('sourceTitles and alsoInLabel', () => {
  it('adds the file name only where two sources of a list share a title from different files', () => {
    const titles = sourceTitles([
      { n: 1, title: 'Sandwich', file: '/a/sandwich-CL.pdf' },
      { n: 2, title: 'Sandwich', file: '/b/sandwich-copy.pdf' },
      { n: 3, title: 'Survival', file: '/a/survival.pdf' },
      { n: 4, title: 'Survival', file: '/a/survival.pdf' },
    ])
    expect([...titles.values()]).toEqual([
      'Sandwich (sandwich-CL.pdf)',
      'Sandwich (sandwich-copy.pdf)',
      'Survival',
      'Survival',
    ])
  })

  it('names the other files holding a passage', () => {
    expect(alsoInLabel([{ file: '/b/copy.pdf' }, { file: 'C:\\x\\re-saved.pdf' }])).toBe(
      'also in copy.pdf, re-saved.pdf',
    )
    expect(alsoInLabel(undefined)).toBeNull()
  })
})
