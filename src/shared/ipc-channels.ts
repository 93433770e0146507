// Transport constants of the IPC contract, in a file of their own without zod: the sandboxed
// preload bundles everything it imports, and needs only these strings.

/** Electron IPC channel names (one for requests, one for events). */
export const IPC_INVOKE_CHANNEL = 'quire:invoke'
export const IPC_EVENT_CHANNEL = 'quire:event'
/** Preload → main, synchronous: the path of a File the user dropped, granted for import. */
export const IPC_GRANT_PATH_CHANNEL = 'quire:grant-path'

/** Browser mode: the header carrying the per-run token. */
export const TOKEN_HEADER = 'x-quire-token'
