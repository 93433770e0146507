import { describe, expect, it } from 'vitest'
import type { Citation, Conversation, Message } from '@shared/chat-types.js'
import { exportConversationMarkdown } from './export-markdown.js'

const c = (n: number, file: string, pages: number[]): Citation => ({
  n,
  chunkId: n,
  documentId: 1,
  file,
  title: '',
  pages,
  text: 't',
})
const base: Omit<Message, 'id' | 'role' | 'text' | 'citations'> = {
  conversationId: 1,
  sources: [],
  replyTo: null,
  ollama: null,
  trace: null,
  model: null,
  mode: null,
  status: 'complete',
  declined: false,
  timings: null,
  warnings: [],
  error: null,
  createdAt: '',
}
const conversation: Conversation = {
  id: 1,
  title: 'Steel output',
  createdAt: '2024-01-01',
  updatedAt: '2024-01-02',
  messageCount: 4,
}

describe('exportConversationMarkdown', () => {
  it('renumbers citations into one bibliography of files and pages', () => {
    const messages: Message[] = [
      { ...base, id: 1, role: 'user', text: 'How much steel?', citations: [] },
      {
        ...base,
        id: 2,
        role: 'assistant',
        mode: 'llm',
        text: 'It made 4,200 t [2], up from 3,900 t [1][2].',
        citations: [c(1, '/d/a.pdf', [3]), c(2, '/d/b.pdf', [5, 6])],
      },
      { ...base, id: 3, role: 'user', text: 'And staff?', citations: [] },
      {
        ...base,
        id: 4,
        role: 'assistant',
        mode: 'llm',
        status: 'stopped',
        text: 'Staff was 1,200 [1, 2].',
        citations: [c(1, '/d/b.pdf', [6, 5]), c(2, '/d/c.pdf', [1])],
        warnings: [{ kind: 'stopped' }, { kind: 'unsupported-figure', figure: '1,200' }],
      },
    ]
    const md = exportConversationMarkdown(conversation, messages)
    expect(md).toContain('# Steel output')
    expect(md).toContain('It made 4,200 t [1], up from 3,900 t [2][1].')
    expect(md).toContain('## Answer (stopped)')
    expect(md).toContain('Staff was 1,200 [1, 3].')
    expect(md).toContain('> Stopped. The partial answer is kept.')
    expect(md).toContain('> Unsupported figure: "1,200" appears in none of the cited passages.')
    expect(md).toContain('## Sources\n\n1. b.pdf, pp. 5–6\n2. a.pdf, p. 3\n3. c.pdf, p. 1\n')
  })

  it('has no bibliography when nothing was cited', () => {
    const md = exportConversationMarkdown(conversation, [
      { ...base, id: 1, role: 'user', text: 'Hi?', citations: [] },
    ])
    expect(md).not.toContain('## Sources')
  })

  it('gives each answer its model, scope, version label and quoted passages, in local time with the zone', () => {
    const cited = (n: number, text: string): Citation => ({ ...c(n, '/d/manual.pdf', [4]), text })
    const messages: Message[] = [
      {
        ...base,
        id: 1,
        role: 'user',
        text: 'Default port?',
        citations: [],
        createdAt: '2024-07-01T08:30:00.000Z',
      },
      {
        ...base,
        id: 2,
        role: 'assistant',
        replyTo: 1,
        mode: 'llm',
        model: 'llama3.2:3b',
        text: 'It listens on 8080 [1].',
        citations: [cited(1, 'Server options\nThe server listens on port 8080 by default.')],
        trace: { documentIds: [7, 9] } as Message['trace'],
        createdAt: '2024-07-01T08:30:05.000Z',
      },
      {
        ...base,
        id: 3,
        role: 'assistant',
        replyTo: 1,
        mode: 'retrieval-only',
        text: 'The most relevant passages:',
        citations: [],
        sources: [cited(1, 'The server listens on port 8080 by default.')],
        createdAt: '2024-07-01T08:31:00.000Z',
      },
    ]
    const md = exportConversationMarkdown(
      { ...conversation, createdAt: '2024-07-01T08:30:00.000Z', updatedAt: '2024-07-01T08:31:00.000Z' },
      messages,
      { documentNames: new Map([[7, 'manual.pdf']]), timeZone: 'Europe/Brussels' },
    )
    // Local time (UTC+2 in July) with its zone, not the stored UTC.
    expect(md).toContain(
      '_Exported from Quire. Started 1 Jul 2024, 10:30 CEST, last activity 1 Jul 2024, 10:31 CEST._',
    )
    expect(md).toContain('## Question\n\n_1 Jul 2024, 10:30 CEST_\n\nDefault port?')
    expect(md).toContain(
      '## Answer — version 1 of 2\n\n_Model: llama3.2:3b · Searched: manual.pdf, document 9 · 1 Jul 2024, 10:30 CEST_',
    )
    expect(md).toContain(
      '## Answer — version 2 of 2 (retrieval only)\n\n_No model: the most relevant passages · Searched: all documents · 1 Jul 2024, 10:31 CEST_',
    )
    // Each answer's passages, quoted line by line under their number in the bibliography.
    expect(md).toContain(
      'Cited passages:\n\n> **[1] manual.pdf, p. 4**\n>\n> Server options\n> The server listens on port 8080 by default.\n',
    )
    expect(md).toContain(
      'Passages:\n\n> **[1] manual.pdf, p. 4**\n>\n> The server listens on port 8080 by default.\n',
    )
  })
})
