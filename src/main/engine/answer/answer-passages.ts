/**
 * Passages asked of search for an answer (Settings → Answers can change it). Six, not ten: a
 * passage can be up to three neighbouring chunks (about 320 words on average in the top five), so
 * six already hold the text of about ten chunks, and the prompt stays near 4k tokens: a larger
 * num_ctx makes Ollama reserve more memory and read the prompt for longer before the first token.
 */
export const DEFAULT_ANSWER_PASSAGES = 6
