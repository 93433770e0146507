/**
 * `quire conversations --library DIR [--collection NAME] [--json]`: the library's conversations,
 * most recent first; with a collection, only its own. With a search text, only conversations whose
 * messages or title match.
 */
import type { Conversation } from '@shared/chat-types.js'
import type { OpenLibrary } from '../../engine/open-library/open-library.js'
import type { Io } from '../output.js'
import { printFailure } from './ask.js'

export interface ConversationsCommandOptions {
  json?: boolean
  search?: string
  /** `--collection NAME`: only the conversations of this collection. */
  collection?: string
}

export interface ConversationJson {
  id: number
  title: string
  created_at: string
  updated_at: string
  messages: number
}

function toJson(c: Conversation): ConversationJson {
  return {
    id: c.id,
    title: c.title,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    messages: c.messageCount,
  }
}

export async function runConversations(
  opts: ConversationsCommandOptions,
  owner: Pick<OpenLibrary, 'conversations' | 'collections'>,
  io: Io,
): Promise<number> {
  try {
    const store = owner.conversations
    const collection =
      opts.collection !== undefined ? owner.collections.requireByName(opts.collection) : undefined
    const collectionId = collection?.id
    const list = opts.search?.trim()
      ? store.search(opts.search, undefined, collectionId).map((h) => h.conversation)
      : store.list(collectionId)
    if (opts.json) {
      io.stdout.write(`${JSON.stringify(list.map(toJson))}\n`)
      return 0
    }
    if (list.length === 0) {
      io.stdout.write(
        opts.search
          ? 'No conversation matches.\n'
          : collection
            ? `No conversations in ${collection.name} yet. Ask with: quire ask --collection "${collection.name}" "<question>"\n`
            : 'No conversations yet. Ask with: quire ask "<question>"\n',
      )
      return 0
    }
    const idWidth = Math.max(2, ...list.map((c) => String(c.id).length))
    io.stdout.write(`${'ID'.padStart(idWidth)}  ${'Updated'.padEnd(16)}  ${'Msgs'.padStart(4)}  Title\n`)
    for (const c of list) {
      const updated = c.updatedAt.slice(0, 16).replace('T', ' ')
      io.stdout.write(
        `${String(c.id).padStart(idWidth)}  ${updated.padEnd(16)}  ${String(c.messageCount).padStart(4)}  ${c.title}\n`,
      )
    }
    return 0
  } catch (err) {
    return printFailure(err, io, opts.json ?? false)
  }
}
