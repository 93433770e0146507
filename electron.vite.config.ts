import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { pathAliases } from './path-aliases'

// Native modules are never bundled: they load their .node binaries at run time (and are unpacked
// from the asar archive by electron-builder). Every other dependency is externalized too by
// electron-vite's default (it ships in node_modules), except in the preload, which must be one
// self-contained file because sandboxed preloads cannot require packages.
// tesseract.js too: it starts its recogniser thread from a script file in its package; and
// @napi-rs/canvas (OCR renders pages on it), whose loader picks its .node binary at run time.
const NATIVE = [
  'better-sqlite3',
  'hnswlib-node',
  'onnxruntime-node',
  '@huggingface/transformers',
  'tesseract.js',
  '@napi-rs/canvas',
]

export default defineConfig({
  main: {
    resolve: { alias: pathAliases },
    build: {
      externalizeDeps: { include: NATIVE },
      rollupOptions: {
        input: {
          // The Electron main process.
          index: resolve(__dirname, 'src/main/desktop/index.ts'),
          // Browser mode (`npm start` where no Electron binary exists): plain Node, same services.
          server: resolve(__dirname, 'src/main/server/index.ts'),
          // The `quire` CLI (bin/quire.js runs it): plain Node, same engine.
          cli: resolve(__dirname, 'src/main/cli/bundle-entry.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: pathAliases },
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        // Sandboxed preloads run as CommonJS scripts, never as ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias: pathAliases },
    plugins: [
      react(),
      {
        // The dev server injects CSS as <style> blocks: allow them there only (see
        // devContentSecurityPolicy); builds keep index.html's strict policy.
        name: 'quire-dev-inline-styles',
        apply: 'serve',
        transformIndexHtml: (html: string) =>
          html.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';"),
      },
    ],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
