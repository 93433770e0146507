// Question–passage pairs as the cross-encoder's input, cut at the cap the way its training pairs
// were cut. transformers.js truncates an encoded pair by dropping whatever is past the cap at its
// end, the closing [SEP] included, so every pair longer than the cap (45% of the rerank stage's
// pairs on the dev set's searches) reached the model without the [SEP] that ends every pair it
// learned from. Python's tokenizers, which cut the sentence-transformers training pairs, shorten the
// passage and keep the [SEP]; so does this.
import type { PreTrainedTokenizer } from '@huggingface/transformers'

export interface EncodedPairs {
  inputIds: BigInt64Array
  attentionMask: BigInt64Array
  /** Absent when the tokenizer gives none (a model without segment embeddings). */
  tokenTypeIds: BigInt64Array | null
  /** [pairs, pieces]: every pair padded to the longest of them, never past the cap. */
  dims: [number, number]
}

interface Encoded {
  input_ids: number[][]
  attention_mask: number[][]
  token_type_ids?: number[][]
}

/** One question–passage pair as the tokenizer reads it whole: its word pieces and their segments. */
export interface TokenizedPair {
  ids: number[]
  /** Absent when the tokenizer gives none (a model without segment embeddings). */
  types: number[] | null
}

/** [CLS] query [SEP] passage [SEP] for each passage, whole (packPairs cuts them at the cap). */
export function tokenizePairs(
  tokenizer: PreTrainedTokenizer,
  query: string,
  passages: string[],
): TokenizedPair[] {
  const enc = tokenizer(
    passages.map(() => query),
    { text_pair: passages, padding: false, truncation: false, return_tensor: false },
  ) as unknown as Encoded
  return enc.input_ids.map((ids, r) => ({ ids, types: enc.token_type_ids?.[r] ?? null }))
}

/** The pieces a pair reaches the model with: its whole length, or the cap. */
export function pairLength(pair: TokenizedPair, maxTokens: number): number {
  return Math.min(pair.ids.length, maxTokens)
}

/** The special pieces packing needs, from the tokenizer. */
function specialPieces(tokenizer: PreTrainedTokenizer): { sep: number; pad: number } {
  const sep = tokenizer.sep_token_id
  if (sep === undefined || sep === null) throw new Error('The reranker tokenizer has no [SEP] token')
  return { sep, pad: tokenizer.pad_token_id ?? 0 }
}

/** Tokenized pairs as one padded batch, each at most maxTokens pieces, each ending in [SEP]. */
function packPairs(
  pairs: readonly TokenizedPair[],
  maxTokens: number,
  { sep, pad }: { sep: number; pad: number },
): EncodedPairs {
  const lengths = pairs.map((p) => pairLength(p, maxTokens))
  const width = Math.max(0, ...lengths)
  const rows = pairs.length
  const withTypes = pairs.some((p) => p.types !== null)
  const inputIds = new BigInt64Array(rows * width).fill(BigInt(pad))
  const attentionMask = new BigInt64Array(rows * width)
  const tokenTypeIds = withTypes ? new BigInt64Array(rows * width) : null
  for (let r = 0; r < rows; r++) {
    const { ids, types } = pairs[r]!
    const n = lengths[r]!
    const at = r * width
    for (let i = 0; i < n; i++) {
      inputIds[at + i] = BigInt(ids[i]!)
      attentionMask[at + i] = 1n
      if (tokenTypeIds && types) tokenTypeIds[at + i] = BigInt(types[i]!)
    }
    if (ids.length > n) {
      // Cut: the last piece kept gives way to the [SEP] that closed the pair, in the passage's segment.
      inputIds[at + n - 1] = BigInt(sep)
      if (tokenTypeIds && types) tokenTypeIds[at + n - 1] = BigInt(types[ids.length - 1]!)
    }
  }
  return { inputIds, attentionMask, tokenTypeIds, dims: [rows, width] }
}

/** [CLS] query [SEP] passage [SEP] for each passage, each at most maxTokens pieces, ending in [SEP]. */
export function encodePairs(
  tokenizer: PreTrainedTokenizer,
  query: string,
  passages: string[],
  maxTokens: number,
): EncodedPairs {
  return packPairs(tokenizePairs(tokenizer, query, passages), maxTokens, specialPieces(tokenizer))
}
