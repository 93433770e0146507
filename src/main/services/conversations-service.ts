import type { Conversation, Message } from '@shared/chat-types.js'
import { QuireError } from '@shared/errors.js'
import { baseName } from '@shared/labels.js'
import type { ConversationStore } from '../engine/chat/conversation-store.js'
import { exportConversationMarkdown } from '../engine/chat/export-markdown.js'
import type { OpenLibrary } from '../engine/open-library/open-library.js'

/** A file name from a title: no path separators or characters Windows refuses. */
export function exportFileName(title: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/[. ]+$/, '')
  return `${base || 'conversation'}.md`
}

/** Listing, reading, renaming, deleting and exporting conversations (stored in the library's database). */
export class ConversationsService {
  /** The open library (read each time: it may have been reopened since). */
  constructor(private readonly owner: () => OpenLibrary) {}

  private store(): ConversationStore {
    return this.owner().conversations
  }

  /** File names of the library's documents by id, for the export's "Searched:" line of older answers. */
  private documentNames(): ReadonlyMap<number, string> {
    return new Map(
      this.owner()
        .library.documents()
        .map((d) => [d.id, baseName(d.path)]),
    )
  }

  /** Most recent first, or those matching `query`; with a collection, only its conversations. */
  list(query?: string, collectionId?: number): Conversation[] {
    const q = query?.trim()
    if (!q) return this.store().list(collectionId)
    return (
      this.store()
        .search(q, undefined, collectionId)
        // Why it matched: the message's matching line (a title match says so itself).
        .map((hit) =>
          hit.snippet === hit.conversation.title
            ? hit.conversation
            : { ...hit.conversation, snippet: hit.snippet },
        )
    )
  }

  get(id: number): { conversation: Conversation; messages: Message[] } {
    const store = this.store()
    return { conversation: store.require(id), messages: store.messages(id) }
  }

  rename(id: number, title: string): Conversation {
    return this.store().rename(id, title)
  }

  delete(id: number): void {
    if (!this.store().delete(id)) {
      throw new QuireError('CONVERSATION_NOT_FOUND', `There is no conversation ${id} in this library.`)
    }
  }

  export(id: number): { markdown: string; fileName: string } {
    const { conversation, messages } = this.get(id)
    return {
      markdown: exportConversationMarkdown(conversation, messages, { documentNames: this.documentNames() }),
      fileName: exportFileName(conversation.title),
    }
  }
}
