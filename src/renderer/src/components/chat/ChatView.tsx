// The conversation: messages, the answer streaming in, and the question box.
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { Citation } from '@shared/chat-types.js'
import { useChat, useLibrary, useSettings, useStores } from '@renderer/stores/app-stores.js'
import { conversationTurns, questionOf } from '@renderer/lib/conversation-turns.js'
import { FirstRunChecklist } from '../onboarding/FirstRunChecklist.js'
import { AssistantMessage } from './AssistantMessage.js'
import { Composer } from './Composer.js'
import { QuestionMessage } from './QuestionMessage.js'
import { StreamingAnswer } from './StreamingAnswer.js'
import { InlineError } from '../common/InlineError.js'

export function ChatView({ composerRef }: { composerRef: RefObject<HTMLTextAreaElement | null> }) {
  const { chat, library, viewer } = useStores()
  const messages = useChat((s) => s.messages)
  const streaming = useChat((s) => s.streaming)
  const error = useChat((s) => s.error)
  const unsent = useChat((s) => s.unsent)
  const loading = useChat((s) => s.loading)
  const documents = useLibrary((s) => s.documents)
  const unchecked = useLibrary((s) => s.unchecked)
  const fallbackFix = useSettings((s) => (s.ollama?.state === 'ready' ? null : (s.ollama?.fix ?? null)))
  const scrollRef = useRef<HTMLDivElement>(null)
  /** Version shown per question id; absent means the latest. */
  const [picked, setPicked] = useState<Record<number, number>>({})

  // Follow the answer as it streams, unless the person scrolled up to read.
  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 160
    if (nearBottom || !streaming?.text) el.scrollTop = el.scrollHeight
  }, [messages, streaming?.text, streaming])

  function openCitation(c: Citation): void {
    viewer.getState().openAt({
      documentId: c.documentId,
      title: c.title,
      page: c.pages[0] ?? 1,
      passage: c.text,
      passagePages: c.pages,
      focus: c.focus ?? [],
      citationN: c.n,
      chunkId: c.chunkId,
      file: c.file,
      ...(c.removed ? { removed: { file: c.file, at: c.removed.at } } : {}),
    })
  }

  const indexed = documents.filter((d) => d.status === 'indexed')
  const searched = indexed.filter((d) => !unchecked.includes(d.id))
  const disabledReason =
    indexed.length === 0
      ? 'Add a PDF to start asking questions'
      : searched.length === 0
        ? 'Select at least one document to search'
        : null
  const scopeNote =
    searched.length > 0 && searched.length < indexed.length
      ? `Searching ${searched.length} of ${indexed.length} documents · Enter to send`
      : null
  const turns = conversationTurns(messages)
  const lastTurn = turns.at(-1)
  const lastAnswer = lastTurn?.versions.at(-1)
  // While an answer is regenerated, its turn's versions give way to the one streaming in.
  const regenerating = streaming?.replacing ?? null

  return (
    <main className="chat" aria-label="Conversation">
      <div className="chat-scroll" ref={scrollRef}>
        <div className="chat-column">
          {messages.length === 0 && !streaming && !loading && <FirstRunChecklist />}
          {turns.map((t, i) => {
            const key = t.question?.id ?? t.versions[0]?.id ?? i
            const hidden = regenerating !== null && t.versions.some((v) => v.id === regenerating)
            const at = Math.min(picked[key] ?? t.versions.length - 1, t.versions.length - 1)
            const shown = t.versions[at]
            // Each version answered its own wording; while a new one streams, the words just asked.
            const asked = hidden && streaming ? streaming.question : (questionOf(t, shown)?.text ?? '')
            const editable = !streaming && t === lastTurn && t.question !== null && t.question.id > 0
            return (
              <div key={key} className="turn">
                {t.question && (
                  <QuestionMessage
                    key={asked}
                    text={asked}
                    onEdit={
                      editable
                        ? (question) => {
                            setPicked((p) => {
                              const { [key]: _dropped, ...rest } = p
                              return rest
                            })
                            void chat
                              .getState()
                              .edit(
                                questionOf(t, shown)?.id ?? t.question!.id,
                                question,
                                lastAnswer?.id ?? null,
                                library.getState().searchScope(),
                              )
                          }
                        : null
                    }
                    trace={
                      streaming && t === lastTurn && (hidden || !shown)
                        ? streaming.trace
                        : (shown?.trace ?? null)
                    }
                  />
                )}
                {shown && !hidden && (
                  <AssistantMessage
                    message={shown}
                    fallbackFix={fallbackFix}
                    version={{
                      index: at,
                      count: t.versions.length,
                      onPick: (v) => setPicked((p) => ({ ...p, [key]: v })),
                    }}
                    canRegenerate={!streaming && t === lastTurn && lastAnswer !== undefined}
                    onRegenerate={() => {
                      if (!lastAnswer) return
                      setPicked((p) => {
                        const { [key]: _dropped, ...rest } = p
                        return rest
                      })
                      void chat.getState().regenerate(lastAnswer.id, library.getState().searchScope())
                    }}
                    onOpen={openCitation}
                    onChooseDocument={
                      streaming
                        ? undefined
                        : (id) => void chat.getState().ask(shown.trace?.question ?? '', [id])
                    }
                  />
                )}
              </div>
            )
          })}
          {streaming && (
            <StreamingAnswer
              streaming={streaming}
              onOpen={openCitation}
              onStop={() => void chat.getState().stop()}
            />
          )}
          <InlineError error={error} />
        </div>
      </div>
      <div className="chat-column composer-wrap">
        <Composer
          ref={composerRef}
          busy={streaming !== null}
          disabledReason={disabledReason}
          scopeNote={scopeNote}
          restore={unsent}
          onSend={(q) => void chat.getState().ask(q, library.getState().searchScope())}
        />
      </div>
    </main>
  )
}
