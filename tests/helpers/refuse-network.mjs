// Preload (node --import) that refuses every outbound connection in the process and in each of its
// worker threads (Node runs --import preloads in workers too), logging each attempt and each
// thread it guards to the file in QUIRE_NET_LOG. Used to prove that OCR never touches the network.
import dns from 'node:dns'
import fs from 'node:fs'
import net from 'node:net'
import { threadId } from 'node:worker_threads'

const log = (line) => {
  if (process.env.QUIRE_NET_LOG) fs.appendFileSync(process.env.QUIRE_NET_LOG, `${line}\n`)
}
const refuse = (what) => {
  log(`attempt ${threadId} ${what}`)
  const err = new Error(`connect ECONNREFUSED (network refused by test): ${what}`)
  err.code = 'ECONNREFUSED'
  return err
}

log(`guard ${threadId}`)
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  // A Unix socket path is local IPC (tsx's loader talks to its parent this way), not the network.
  if (typeof first === 'object' && first !== null && typeof first.path === 'string' && !first.port)
    return connect.apply(this, args)
  const target = typeof first === 'object' ? JSON.stringify(first) : String(first)
  const err = refuse(`socket ${target}`)
  process.nextTick(() => this.destroy(err))
  return this
}
dns.lookup = (host, ...rest) => {
  const cb = rest.at(-1)
  const err = refuse(`dns ${host}`)
  if (typeof cb === 'function') process.nextTick(() => cb(err))
}
globalThis.fetch = async (url) => {
  throw refuse(`fetch ${String(url)}`)
}
