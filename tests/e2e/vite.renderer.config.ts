// Fallback build of the renderer alone (used by the e2e setup if electron-vite's build fails).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pathAliases } from '../../path-aliases'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export default defineConfig({
  root: path.join(root, 'src', 'renderer'),
  base: './',
  resolve: { alias: pathAliases },
  plugins: [react()],
  build: { outDir: path.join(root, 'out', 'renderer'), emptyOutDir: true },
})
