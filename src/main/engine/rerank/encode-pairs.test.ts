// The cross-encoder's input pairs, with the test cross-encoder's tokenizer (a small BERT vocabulary).
import { beforeAll, describe, expect, it } from 'vitest'
import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers'
import { TEST_RERANKER_DIR } from '@tests/test-model.js'
import { encodePairs } from './encode-pairs.js'

let tokenizer: PreTrainedTokenizer
beforeAll(async () => {
  tokenizer = await AutoTokenizer.from_pretrained(TEST_RERANKER_DIR, { local_files_only: true })
})

const row = (a: BigInt64Array, r: number, width: number) =>
  Array.from(a.slice(r * width, (r + 1) * width), Number)
// "water" and "bread" are one piece each in the test vocabulary; [CLS] warm up [SEP] is 4 pieces.
const words = (n: number, word = 'water') => Array.from({ length: n }, () => word).join(' ')

describe('encodePairs', () => {
  it('cuts a pair longer than the cap in its passage and still ends it with [SEP]', () => {
    const { inputIds, attentionMask, tokenTypeIds, dims } = encodePairs(
      tokenizer,
      'warm up',
      [`${words(20)} ${words(5, 'bread')}`],
      16,
    )
    expect(dims).toEqual([1, 16])
    const ids = row(inputIds, 0, 16)
    const [water] = tokenizer.encode('water', { add_special_tokens: false })
    // [CLS] warm up [SEP], then the passage's first 11 pieces, then [SEP]: "bread" is never reached.
    expect(ids.slice(0, 4)).toEqual(tokenizer.encode('warm up'))
    expect(ids.slice(4, 15)).toEqual(Array.from({ length: 11 }, () => water))
    expect(ids[15]).toBe(tokenizer.sep_token_id)
    expect(row(attentionMask, 0, 16)).toEqual(Array.from({ length: 16 }, () => 1))
    // The question's segment, then the passage's, its closing [SEP] included.
    expect(row(tokenTypeIds!, 0, 16)).toEqual([0, 0, 0, 0, ...Array.from({ length: 12 }, () => 1)])
  })

  it('reads a pair exactly as long as the cap whole, as the tokenizer encodes it', () => {
    const whole = tokenizer('warm up', { text_pair: words(11) })
    const { inputIds, dims } = encodePairs(tokenizer, 'warm up', [words(11)], 16)
    expect(dims).toEqual([1, 16])
    expect(row(inputIds, 0, 16)).toEqual(Array.from(whole.input_ids.data as BigInt64Array, Number))
  })

  it('pads the shorter pairs to the longest of the pass, not to the cap', () => {
    const { inputIds, attentionMask, dims } = encodePairs(tokenizer, 'warm up', [words(2), words(6)], 64)
    expect(dims).toEqual([2, 11])
    expect(row(attentionMask, 0, 11)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0])
    expect(row(attentionMask, 1, 11)).toEqual(Array.from({ length: 11 }, () => 1))
    expect(row(inputIds, 0, 11).slice(7)).toEqual([0, 0, 0, 0].map(() => tokenizer.pad_token_id))
    expect(row(inputIds, 0, 11)[6]).toBe(tokenizer.sep_token_id)
  })
})
