// Page text with character offsets (library.page), cached per document for highlight and find.
import { useCallback, useEffect, useRef, useState } from 'react'
import { call, type PageText, type QuireApi } from '@renderer/transport/api-types.js'

export function usePageText(api: QuireApi, documentId: number | null, pageNo: number) {
  const cache = useRef(new Map<string, Promise<PageText | null>>())
  const [text, setText] = useState<PageText | null>(null)

  const get = useCallback(
    (doc: number, page: number): Promise<PageText | null> => {
      const key = `${doc}:${page}`
      let p = cache.current.get(key)
      if (!p) {
        p = call(api, 'library.page', { documentId: doc, pageNo: page }).catch(() => null)
        cache.current.set(key, p)
      }
      return p
    },
    [api],
  )

  useEffect(() => {
    let live = true
    setText(null)
    if (documentId === null) return
    void get(documentId, pageNo).then((t) => live && setText(t))
    return () => {
      live = false
    }
  }, [documentId, pageNo, get])

  return { text, get }
}
