/**
 * `quire chat --library DIR [--collection NAME] [--conversation ID] [--ollama-url URL] [--model NAME]`: an interactive
 * session. Each line is a question in the current conversation; answers stream as they arrive.
 * Ctrl-C stops the current answer without leaving; at the prompt, a second Ctrl-C (or Ctrl-D, or
 * /quit) leaves. Commands: /new, /history, /export FILE, /conversations, /open ID, /status, /help.
 */
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { QuireError } from '@shared/errors.js'
import { exportConversationMarkdown } from '../../engine/chat/export-markdown.js'
import type { OpenLibrary } from '../../engine/open-library/open-library.js'
import { problemLine } from '../../engine/generate/ollama-problem.js'
import {
  cliCollection,
  configureCliAnswers,
  parseConversationId,
  printAnswerTail,
  printFailure,
  streamAnswer,
  type OllamaCliOptions,
} from './ask.js'
import type { Io } from '../output.js'
import { countOf } from '@shared/labels.js'

export interface ChatCommandOptions extends OllamaCliOptions {
  conversation?: string | number
  /**
   * `--collection NAME`: new conversations belong to it and search only it; /conversations lists
   * its conversations and /open continues only those.
   */
  collection?: string
}

export interface ChatIo extends Io {
  input: Readable
  /** True for a real terminal: prompts are shown and readline owns Ctrl-C. */
  terminal?: boolean
}

const HELP = [
  'Type a question and press Enter. Commands:',
  '  /new              start a new conversation',
  '  /history          show this conversation',
  '  /export FILE      save this conversation as Markdown',
  '  /conversations    list conversations (with --collection: its own)',
  '  /open ID          continue conversation ID (with --collection: one of its own)',
  '  /status           check Ollama',
  '  /quit             leave (also Ctrl-D)',
  'Ctrl-C stops the current answer.',
].join('\n')

export async function runChat(opts: ChatCommandOptions, owner: OpenLibrary, io: ChatIo): Promise<number> {
  let conversationId: number | undefined
  let collectionId: number | null
  const store = owner.conversations
  try {
    configureCliAnswers(owner, opts, io)
    conversationId = parseConversationId(opts.conversation)
    if (conversationId !== undefined) store.require(conversationId)
    collectionId = cliCollection(owner, opts.collection, conversationId)
  } catch (err) {
    return printFailure(err, io, false, false)
  }
  const out = io.stdout
  const terminal = io.terminal ?? false
  const rl = createInterface({
    input: io.input,
    ...(terminal ? { output: io.stdout as unknown as Writable, terminal: true } : { terminal: false }),
  })

  // Created before the first await: readline drops lines that arrive before its iterator exists.
  const lines = rl[Symbol.asyncIterator]()

  let current: AbortController | null = null
  let interruptedAtPrompt = false
  const onInterrupt = () => {
    if (current) {
      current.abort()
      return
    }
    if (interruptedAtPrompt) {
      rl.close()
      return
    }
    interruptedAtPrompt = true
    out.write('\n(Press Ctrl-C again, Ctrl-D or type /quit to leave.)\n')
    prompt()
  }
  const interrupts = io.interrupts ?? process
  interrupts.on('SIGINT', onInterrupt)
  rl.on('SIGINT', onInterrupt)
  const prompt = () => {
    if (terminal) rl.prompt()
  }

  const answerer = { ask: owner.ask.bind(owner), status: () => owner.answerer.status() }
  const status = await answerer.status()
  out.write(
    `Quire chat. ${status.state === 'ready' ? status.message : `${status.message} ${status.fix ?? ''}`.trim()}\n`,
  )
  if (conversationId !== undefined)
    out.write(`Continuing conversation ${conversationId}: ${store.get(conversationId)?.title}\n`)
  out.write('Type /help for commands.\n')
  rl.setPrompt('> ')
  prompt()

  try {
    for await (const raw of { [Symbol.asyncIterator]: () => lines }) {
      interruptedAtPrompt = false
      const line = raw.trim()
      if (!line) {
        prompt()
        continue
      }
      if (line.startsWith('/')) {
        const [command = '', ...rest] = line.split(/\s+/)
        const arg = rest.join(' ')
        if (command === '/quit' || command === '/exit') break
        try {
          conversationId = await runSlashCommand(command, arg, conversationId)
        } catch (err) {
          printFailure(err, io, false, false)
        }
        prompt()
        continue
      }
      current = new AbortController()
      try {
        const { result, streamed } = await streamAnswer(
          { ask: (q, o) => owner.ask(q, { ...o, collectionId }) },
          line,
          { conversationId, signal: current.signal },
          io,
        )
        conversationId = result.message.conversationId
        printAnswerTail(result, io, streamed)
      } catch (err) {
        printFailure(err, io, false, false)
      } finally {
        current = null
      }
      out.write('\n')
      prompt()
    }
  } finally {
    interrupts.off('SIGINT', onInterrupt)
    rl.close()
  }
  return 0

  async function runSlashCommand(
    command: string,
    arg: string,
    id: number | undefined,
  ): Promise<number | undefined> {
    switch (command) {
      case '/help':
        out.write(`${HELP}\n`)
        return id
      case '/new':
        out.write('Started a new conversation.\n')
        return undefined
      case '/history': {
        if (id === undefined) {
          out.write('No messages yet in this conversation.\n')
          return id
        }
        for (const m of store.messages(id)) {
          const who = m.role === 'user' ? 'You' : 'Quire'
          const note = m.status === 'complete' ? '' : ` [${m.status}]`
          out.write(`${who}: ${m.text}${note}\n`)
        }
        return id
      }
      case '/export': {
        if (!arg) throw new QuireError('INVALID_ARGUMENT', 'Give a file name: /export FILE')
        if (id === undefined)
          throw new QuireError('INVALID_ARGUMENT', 'Nothing to export yet: ask a question first.')
        const file = resolve(arg)
        await writeFile(file, exportConversationMarkdown(store.require(id), store.messages(id)), 'utf8')
        out.write(`Exported to ${file}\n`)
        return id
      }
      case '/conversations': {
        const list = store.list(collectionId ?? undefined)
        const name = collectionId !== null ? owner.collections.get(collectionId)?.name : undefined
        if (name !== undefined) out.write(`Conversations in ${name}:\n`)
        if (!list.length) out.write(name !== undefined ? 'None yet.\n' : 'No conversations yet.\n')
        for (const c of list)
          out.write(
            `${c.id === id ? '*' : ' '} ${c.id}  ${c.title} (${countOf(c.messageCount, 'message')})\n`,
          )
        return id
      }
      case '/open': {
        const next = parseConversationId(arg)
        if (next === undefined) throw new QuireError('INVALID_ARGUMENT', 'Give a conversation id: /open ID')
        const c = store.require(next)
        if (collectionId !== null && (c.collectionId ?? null) !== collectionId) {
          const name = owner.collections.get(collectionId)?.name ?? ''
          const own = c.collectionId != null ? owner.collections.get(c.collectionId)?.name : undefined
          throw new QuireError(
            'INVALID_ARGUMENT',
            `Conversation ${c.id} searches ${own !== undefined ? `the collection "${own}"` : 'all documents'}, not "${name}". /conversations lists those of "${name}"; quire chat without --collection continues any.`,
          )
        }
        out.write(`Continuing conversation ${c.id}: ${c.title}\n`)
        return c.id
      }
      case '/status': {
        const s = await answerer.status()
        out.write(s.state === 'ready' ? `${s.message}\n` : `${problemLineOf(s.message, s.fix)}\n`)
        return id
      }
      default:
        throw new QuireError('INVALID_ARGUMENT', `Unknown command ${command}. Type /help for commands.`)
    }
  }
}

function problemLineOf(message: string, fix: string | null): string {
  return fix ? problemLine({ kind: 'http-error', message, fix }) : message
}
