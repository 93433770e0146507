// transformers.js without its image library. Its Node build imports sharp (libvips) at load time
// for its image pipelines; Quire only embeds text, and loading sharp was half of the import:
// 205 vs 98 CPU-ms and 410 vs 187 ms (median of 6 cold processes each, alternating), on the way
// to the first embedding of every import and to the first result of every `quire search`.
import module from 'node:module'

/** Stands in for sharp: transformers.js checks that it exists; calling it is a clear error. */
const SHARP_STAND_IN = `data:text/javascript,${encodeURIComponent(
  'export default function sharp() { throw new Error("Quire loads transformers.js for text embeddings only: image processing (sharp) is not loaded.") }',
)}`

let hooked = false

/**
 * Node's in-thread module hooks answer transformers.js's own `import sharp` (and only that one) with
 * the stand-in. Hooks are per thread, so each thread that loads the embedder registers its own;
 * where the runtime has no module.registerHooks (Node < 22.15), sharp is simply loaded as before.
 */
function withoutSharp(): void {
  if (hooked || typeof module.registerHooks !== 'function') return
  hooked = true
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'sharp' && context.parentURL?.includes('/@huggingface/transformers/'))
        return { url: SHARP_STAND_IN, format: 'module', shortCircuit: true }
      return nextResolve(specifier, context)
    },
  })
}

/** transformers.js, imported with the stand-in for sharp. */
export function importTransformers(): Promise<typeof import('@huggingface/transformers')> {
  withoutSharp()
  return import('@huggingface/transformers')
}
