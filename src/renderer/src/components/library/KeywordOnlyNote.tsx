// Keyword-only mode explained where the person looks: what it costs and how to add the model.
import { useLibrary } from '@renderer/stores/app-stores.js'

export function KeywordOnlyNote({ onOpenSettings }: { onOpenSettings: () => void }) {
  const embedding = useLibrary((s) => s.status?.embedding)
  const rebuild = useLibrary((s) => s.status?.vectorRebuild)
  if (rebuild) {
    return (
      <p className="keyword-note small" role="status">
        <strong>Rebuilding the meaning-search index</strong>: {rebuild.done.toLocaleString()} of{' '}
        {rebuild.total.toLocaleString()} passages. Questions use keyword search until it finishes.
      </p>
    )
  }
  if (!embedding || embedding.mode !== 'keyword') return null
  return (
    <p className="keyword-note small" role="note">
      <strong>Keyword-only search.</strong> Questions find passages that share their words, so a passage
      phrased differently can be missed. Add the embedding model for meaning-based search:{' '}
      <button type="button" className="link" onClick={onOpenSettings}>
        Settings → Import model folder…
      </button>
    </p>
  )
}
