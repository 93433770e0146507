export {
  startFakeOllama,
  deadOllamaUrl,
  DEFAULT_FAKE_MODELS,
  type ChatReply,
  type ChatRequestBody,
  type ChatResponder,
  type FakeModel,
  type FakeOllama,
  type FakeOllamaScript,
  type RecordedRequest,
} from './fake-ollama.js'
export { defaultChatReply, echoSourcesReply, splitTokens } from './default-reply.js'
