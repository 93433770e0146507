// The retrieval settings people may change (Settings → Answers): their bounds and what each one
// changes, in words. The evaluated defaults live with the engine (answerer.ts, retrieve/tuning.ts)
// and reach the app through app.info.

export const RETRIEVAL_LIMITS = {
  answerPassages: { min: 1, max: 12 },
  minCoverage: { min: 0, max: 0.9 },
} as const

export const RETRIEVAL_HELP = {
  answerPassages:
    'How many of the best passages are given to the model for one answer: more can cover broader questions, but each answer starts later and needs a model with a longer context.',
  minCoverage:
    'Quire says “not found” when the best passages hold less than this share of the question’s words (rarer words count more): higher declines more often, lower answers more often from passages that may not hold the answer.',
} as const
