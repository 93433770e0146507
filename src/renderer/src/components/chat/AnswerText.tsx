// Answer text rendered as Markdown (GFM: tables, lists, code), with its [n] markers drawn as
// citation chips where they stand. Raw HTML in a model's output is never rendered, and links
// open only after the person confirms.
import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Citation } from '@shared/chat-types.js'
import { sourceTitles } from '@shared/labels.js'
import { remarkCitations } from '@renderer/lib/remark-citations.js'
import { CitationChip } from './CitationChip.js'
import { ExternalLink } from './ExternalLink.js'

const REMARK_PLUGINS = [remarkGfm, remarkCitations]

export function AnswerText({
  text,
  sources,
  onOpen,
}: {
  text: string
  sources: Citation[]
  onOpen: (c: Citation) => void
}) {
  const titles = sourceTitles(sources)
  const components: Components = {
    cite: ({ node }) => {
      const n = Number(node?.properties?.['dataN'])
      return (
        <CitationChip n={n} citation={sources.find((s) => s.n === n)} title={titles.get(n)} onOpen={onOpen} />
      )
    },
    a: ({ href, children }) => <ExternalLink href={href}>{children}</ExternalLink>,
    // Images would be fetched from wherever the model pointed: show the description instead.
    img: ({ alt }) => <span className="md-image">{alt ? `[image: ${alt}]` : '[image]'}</span>,
    table: ({ children }) => (
      <div className="md-table-wrap">
        <table>{children}</table>
      </div>
    ),
  }
  return (
    <div className="answer-text">
      <Markdown remarkPlugins={REMARK_PLUGINS} components={components} skipHtml>
        {text}
      </Markdown>
    </div>
  )
}
