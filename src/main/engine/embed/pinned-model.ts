// The embedding model Quire downloads, pinned to one revision with the SHA-256 of every file.
// Mirrors scripts/model-manifest.json, which scripts/fetch-model.mjs (plain Node, no TypeScript) reads;
// kept as code here so the bundled app carries it (model-dir.test.ts checks the two agree).
export const PINNED_MODEL = {
  modelId: 'Xenova/all-MiniLM-L6-v2',
  revision: '751bff37182d3f1213fa05d7196b954e230abad9',
  folder: 'all-MiniLM-L6-v2',
  files: [
    { path: 'config.json', sha256: '7135149f7cffa1a573466c6e4d8423ed73b62fd2332c575bf738a0d033f70df7' },
    { path: 'tokenizer.json', sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0' },
    {
      path: 'tokenizer_config.json',
      sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3',
    },
    {
      path: 'special_tokens_map.json',
      sha256: 'b6d346be366a7d1d48332dbc9fdf3bf8960b5d879522b7799ddba59e76237ee3',
    },
    {
      path: 'onnx/model_quantized.onnx',
      sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
    },
  ] as { path: string; sha256: string | null }[],
}
