// Lint rules, including the layer boundaries the architecture depends on:
// the engine and the shared contract never import Electron; shared never imports Node built-ins.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import layers from './eslint/layers.js'

export default tseslint.config(
  { ignores: ['.cache/**', 'out/**', 'node_modules/**', 'test-artifacts/**', 'resources/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // PDF text repair and file-name sanitising match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // shared ← engine ← services ← ipc/server/cli ← desktop; renderer ← shared (eslint/layers.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { quire: layers },
    rules: { 'quire/layers': 'error' },
  },
  {
    files: ['src/main/engine/**/*.ts', 'src/main/cli/**/*.ts', 'src/main/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'The engine is plain Node: never import electron here.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            { group: ['node:*'], message: 'src/shared holds only types, schemas and pure functions.' },
          ],
        },
      ],
    },
  },
  {
    // tests/app renders the renderer (with its hooks) against the real services.
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules. The React Compiler rules in the plugin's newer presets assume the
    // compiler is in the build; Quire does not use it, so they would flag correct code.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
)
