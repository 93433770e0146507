// Groups a conversation's messages into turns: a question and the versions of its answer
// (regenerating adds a version instead of repeating the question below; so does editing the
// question, whose new wording is stored as a revision replying to the turn's first question).
import type { Message } from '@shared/chat-types.js'

export interface Turn {
  question: Message | null
  /** Later wordings of the question (edited and asked again), oldest first. */
  revisions: Message[]
  /** Answers to the question, oldest first; the last is the current one. */
  versions: Message[]
}

export function conversationTurns(messages: Message[]): Turn[] {
  const turns: Turn[] = []
  const ownerOf = (questionId: number | null) =>
    turns.find((t) => t.question?.id === questionId || t.revisions.some((r) => r.id === questionId))
  for (const m of messages) {
    const current = turns.at(-1)
    if (m.role === 'user') {
      const edited = m.replyTo !== null ? ownerOf(m.replyTo) : undefined
      if (edited) edited.revisions.push(m)
      else turns.push({ question: m, revisions: [], versions: [] })
    } else if (current && (m.replyTo === null || ownerOf(m.replyTo) === current)) {
      // Answers stored before versions existed have no replyTo: they answer the question before them.
      current.versions.push(m)
    } else {
      const owner = ownerOf(m.replyTo)
      if (owner) owner.versions.push(m)
      else turns.push({ question: null, revisions: [], versions: [m] })
    }
  }
  return turns
}

/** The wording a version answered: the turn's first question or the revision it replies to. */
export function questionOf(turn: Turn, version: Message | undefined): Message | null {
  if (!version || version.replyTo === null) return turn.question
  return turn.revisions.find((r) => r.id === version.replyTo) ?? turn.question
}
