// Groups a conversation's messages into turns: a question and the versions of its answer
// (regenerating adds a version instead of repeating the question below).
import type { Message } from '@shared/chat-types.js'

export interface Turn {
  question: Message | null
  /** Answers to the question, oldest first; the last is the current one. */
  versions: Message[]
}

export function conversationTurns(messages: Message[]): Turn[] {
  const turns: Turn[] = []
  for (const m of messages) {
    const current = turns.at(-1)
    if (m.role === 'user') {
      turns.push({ question: m, versions: [] })
    } else if (current && (m.replyTo === null || m.replyTo === current.question?.id)) {
      // Answers stored before versions existed have no replyTo: they answer the question before them.
      current.versions.push(m)
    } else {
      const owner = turns.find((t) => t.question?.id === m.replyTo)
      if (owner) owner.versions.push(m)
      else turns.push({ question: null, versions: [m] })
    }
  }
  return turns
}
