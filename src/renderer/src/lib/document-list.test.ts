import { describe, expect, it } from 'vitest'
import { doc } from '@renderer/test/fake-api.js'
import { listDocuments } from './document-list.js'

describe('document list', () => {
  const docs = [
    doc(1, { path: '/work/Q3/report.pdf', title: 'Quarterly report', pages: 10, createdAt: '2024-03-01' }),
    doc(2, { path: '/work/Q4/report.pdf', title: 'report', pages: 3, createdAt: '2024-04-01' }),
    doc(3, { path: '/work/manual_v2.pdf', title: 'manual v2', pages: 40, createdAt: '2024-01-01' }),
    doc(4, { path: '/a/x/notes.pdf', title: '', pages: 1, createdAt: '2024-02-01' }),
    doc(5, { path: '/b/x/notes.pdf', title: '', pages: 2, createdAt: '2024-02-02' }),
  ]

  it('shows the file name, the title only when it differs, and the folder for same-named files', () => {
    const byId = Object.fromEntries(listDocuments(docs, '', 'name').map((l) => [l.doc.id, l]))
    expect(byId[1]).toMatchObject({ fileName: 'report.pdf', subtitle: 'Quarterly report', folder: 'Q3/' })
    expect(byId[2]).toMatchObject({ fileName: 'report.pdf', subtitle: null, folder: 'Q4/' })
    expect(byId[3]).toMatchObject({ fileName: 'manual_v2.pdf', subtitle: null, folder: null })
    // Same parent name: one more level up tells them apart.
    expect(byId[4]!.folder).toBe('a/x/')
    expect(byId[5]!.folder).toBe('b/x/')
  })

  it('filters by file name, title or folder, and sorts by name, date added or pages', () => {
    expect(listDocuments(docs, 'quarterly', 'name').map((l) => l.doc.id)).toEqual([1])
    expect(listDocuments(docs, 'q4', 'name').map((l) => l.doc.id)).toEqual([2])
    expect(listDocuments(docs, '', 'name').map((l) => l.doc.id)).toEqual([3, 4, 5, 1, 2])
    expect(listDocuments(docs, '', 'added').map((l) => l.doc.id)).toEqual([2, 1, 5, 4, 3])
    expect(listDocuments(docs, '', 'pages').map((l) => l.doc.id)).toEqual([3, 1, 2, 5, 4])
  })
})
