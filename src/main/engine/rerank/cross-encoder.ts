// A cross-encoder from a local folder (reranker-dir.ts), scored with transformers.js + ONNX Runtime,
// never the network: the question and each passage are read as one pair ([CLS] q [SEP] p [SEP]) and
// the classifier's logit is the passage's relevance.
import { dirname, join } from 'node:path'
import type { PreTrainedModel, Tensor } from '@huggingface/transformers'
import { importTransformers } from '../embed/import-transformers.js'
import {
  chooseDtype,
  defaultThreads,
  DTYPE_FILES,
  forbidNetwork,
  NO_SPINNING,
} from '../embed/transformers-embedder.js'
import { encodePairs, type EncodedPairs } from './encode-pairs.js'
import { inspectRerankerDir } from './reranker-dir.js'
import type { Reranker } from './reranker.js'
import { RerankThreads } from './rerank-threads.js'
import { planGroups, runGroups } from './score-groups.js'

export interface LoadRerankerOptions {
  threads?: number
  dtype?: 'q8' | 'fp32'
  /** Word pieces per pair, question included (RERANK_MAX_TOKENS). */
  maxTokens?: number
  /**
   * The worker script that serves scoring threads (the import's, ingest-worker.ts, serves them);
   * without one, or when its threads cannot start, the reranker scores on the calling thread.
   */
  threadScript?: string | URL | null
  /**
   * Scoring threads' groups by pair length (length-groups.ts), as the app scores; false groups the
   * pairs in rank order, for bench/sections/rerank.ts to measure the two side by side.
   */
  groupByLength?: boolean
}

/**
 * Word pieces per pair, question included: as long as the pairs ms-marco cross-encoders learned
 * from. MS MARCO's passages are about 55–60 words and its queries about 6 (Nguyen et al. 2016),
 * so a training pair is about 75–90 word pieces; 96 holds such a pair with room. A longer passage
 * is read from its best window around the question's terms (retrieve/rerank-window.ts), as
 * passage-level rerankers read long documents (MaxP, Dai & Callan 2019; Intra-Document Cascading,
 * Hofstätter et al. 2021). The length also sets the cost, nearly all of it inside ONNX Runtime:
 * MiniLM-L-6 int8 scores 30 pairs of 96 pieces in about two thirds of the CPU time of 128 (side by
 * side, bench/sections/rerank.ts), and the scoring threads take 14–19% off that: 280–295 CPU-ms at
 * load 4.5–7, about 140 ms on two idle cores, so its 150 ms budget reaches about all 30 candidates,
 * against about 16 at 128 on one session. Shorter would read less of a passage than the model was
 * trained to judge (docs/reranking.md, What the reranker reads).
 */
export const RERANK_MAX_TOKENS = 96

/** A question and a passage that together fill `maxTokens` word pieces (each word is one piece). */
export function warmUpPair(maxTokens: number): [string, string] {
  return ['warm up', Array.from({ length: maxTokens }, () => 'passage').join(' ')]
}

/** Loads the cross-encoder in dir and scores one pair, which also measures its first time per passage. */
export async function loadReranker(dir: string, opts: LoadRerankerOptions = {}): Promise<Reranker> {
  const check = inspectRerankerDir(dir)
  if (!check.ok) throw new Error(check.reason)
  const { AutoModelForSequenceClassification, AutoTokenizer, Tensor, env } = await importTransformers()
  forbidNetwork(env, dirname(check.dir))
  const load = { local_files_only: true } as const
  const threads = Math.max(1, Math.floor(opts.threads ?? defaultThreads()))
  const tokenizer = await AutoTokenizer.from_pretrained(check.dir, load)
  // The int8 file when the folder has one (as transformers.js's dtype 'q8' does): measured on the
  // 2-core machine it scores the same 30 passages in about half the CPU time of fp32
  // (docs/reranking.md, Cost).
  const dtype = chooseDtype(check.dir, opts.dtype)
  // With two cores or more, one one-thread session per core on threads of its own, each scoring
  // its share of every pass (rerank-threads.ts: 13–15% less CPU than one session of two threads);
  // where the threads cannot start, one session here with as many intra-op threads.
  const script = opts.threadScript ?? null
  let threadsOf: RerankThreads | null = null
  if (threads > 1 && script !== null)
    threadsOf = await RerankThreads.start(script, join(check.dir, DTYPE_FILES[dtype]), threads).catch(
      () => null,
    )
  const model: PreTrainedModel | null = threadsOf
    ? null
    : await AutoModelForSequenceClassification.from_pretrained(check.dir, {
        ...load,
        dtype,
        device: 'cpu',
        session_options: {
          intraOpNumThreads: threads,
          interOpNumThreads: 1,
          // ONNX Runtime's default, pinned: its fusions (DynamicQuantizeMatMul, Gelu, MatMul+scale) take
          // about a quarter off the int8 model's CPU time against 'basic'.
          graphOptimizationLevel: 'all',
          extra: NO_SPINNING,
        },
      })
  const maxTokens = opts.maxTokens ?? RERANK_MAX_TOKENS

  const groupByLength = opts.groupByLength ?? true
  const scorers = threadsOf ? threadsOf.count : 1

  /** One padded batch's logits rows: on a scoring thread, or in the session here. */
  async function logitsOf(at: number, pairs: EncodedPairs): Promise<{ data: Float32Array; labels: number }> {
    if (threadsOf) return threadsOf.score(at, pairs)
    const inputs: Record<string, Tensor> = {
      input_ids: new Tensor('int64', pairs.inputIds, pairs.dims),
      attention_mask: new Tensor('int64', pairs.attentionMask, pairs.dims),
    }
    if (pairs.tokenTypeIds) inputs.token_type_ids = new Tensor('int64', pairs.tokenTypeIds, pairs.dims)
    const { logits } = (await model!(inputs)) as { logits: Tensor }
    return { data: logits.data as Float32Array, labels: logits.dims[1] ?? 1 }
  }

  // A scorer's milliseconds per pair, exponentially weighted, so a machine that gets busier (an
  // import, the LLM) is followed: a group may start when this many per pair end it by the deadline.
  let perPair = 0

  async function forward(query: string, passages: string[], deadline: number): Promise<(number | null)[]> {
    const scores = new Array<number | null>(passages.length).fill(null)
    const groups = planGroups(
      passages.map((p) => p.length),
      scorers,
      groupByLength,
    )
    await runGroups(
      groups,
      Array.from({ length: scorers }, (_, at) => async (group: number[]) => {
        const started = performance.now()
        // Tokenised only when a scorer takes the group, so tokenising overlaps the other's scoring.
        const pairs = encodePairs(
          tokenizer,
          query,
          group.map((i) => passages[i]!),
          maxTokens,
        )
        const { data, labels } = await logitsOf(at, pairs)
        // One label: its logit. Two (not relevant / relevant): the margin of "relevant".
        group.forEach((i, k) => {
          scores[i] = labels === 1 ? data[k]! : data[k * labels + labels - 1]! - data[k * labels]!
        })
        const ms = (performance.now() - started) / group.length
        perPair = perPair === 0 ? ms : 0.7 * perPair + 0.3 * ms
      }),
      (group) => performance.now() + perPair * group.length <= deadline,
    )
    return scores
  }

  await forward('warm up', ['warm up'], Infinity)
  // The first group builds ONNX Runtime's kernels and says little about the next ones: measure
  // again, on pairs as long as the cap. A group costs what its longest pair costs, and most groups
  // have a pair at the cap (45% of the dev set's candidate pairs are cut at 96 pieces): a time per
  // pair measured on short pairs sized the first search's first batch at all 30 candidates,
  // several times its budget.
  const [query, passage] = warmUpPair(maxTokens)
  perPair = 0
  await forward(
    query,
    Array.from({ length: scorers }, () => passage),
    Infinity,
  )

  let queue: Promise<unknown> = Promise.resolve()
  let disposed = false
  return {
    modelId: check.modelId,
    dir: check.dir,
    weights: `${dtype === 'q8' ? 'int8' : 'fp32'} ${DTYPE_FILES[dtype]}`,
    maxTokens,
    score(query, passages, budget = {}) {
      if (disposed) return Promise.reject(new Error('The reranker has been closed'))
      if (passages.length === 0) return Promise.resolve([])
      const run = queue.then(() => forward(query, passages, budget.deadline ?? Infinity))
      queue = run.catch(() => undefined)
      return run
    },
    async dispose() {
      if (disposed) return
      disposed = true
      await queue
      await (threadsOf ? threadsOf.close() : model!.dispose())
    },
  }
}
