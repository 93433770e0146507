// A remark plugin that turns the [n] citation markers in an answer's prose into `cite` elements,
// so the Markdown renderer draws each as a chip where it stands. Markers inside code spans and
// code blocks stay literal: only text nodes are split. The marker grammar is the engine's (src/shared/citation-markers.ts).
import type { Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import { answerSegments } from '@shared/citation-markers.js'

/** The element name the renderer maps to a chip; its `data-n` property carries the number. */
export const CITE_ELEMENT = 'cite'

function citeNode(n: number): Text {
  // A text node with hName becomes that element in the HTML tree (mdast-util-to-hast).
  return { type: 'text', value: String(n), data: { hName: CITE_ELEMENT, hProperties: { dataN: n } } }
}

function split(node: Text): PhrasingContent[] {
  const segments = answerSegments(node.value)
  if (!segments.some((s) => s.kind === 'cite')) return [node]
  return segments.map((s) => (s.kind === 'text' ? { type: 'text', value: s.text } : citeNode(s.n)))
}

function visit(parent: Parent): void {
  const out: RootContent[] = []
  for (const child of parent.children) {
    if (child.type === 'text') out.push(...split(child))
    else {
      if ('children' in child) visit(child)
      out.push(child)
    }
  }
  parent.children = out as Parent['children']
}

export function remarkCitations() {
  return (tree: Root): void => visit(tree)
}
