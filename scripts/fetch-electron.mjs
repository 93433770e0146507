// `npm run fetch-electron`: downloads the Electron binary once, when the user asks for it (or at
// install time, from postinstall). `npm start` never downloads anything.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { downloadElectron, electronBinary } from './electron-binary.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const existing = electronBinary(root)
if (existing) {
  console.log(`Electron is already installed: ${existing}`)
  process.exit(0)
}
console.log('Downloading the Electron binary (this is the only step that uses the network)…')
const failure = downloadElectron(root, 180_000)
if (failure) {
  console.error(
    `Could not fetch Electron: ${failure}. On a machine without internet, \`npm start\` serves Quire in your browser instead.`,
  )
  process.exit(1)
}
console.log(`Electron installed: ${electronBinary(root)}. \`npm start\` now opens the desktop window.`)
