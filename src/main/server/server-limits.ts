/**
 * Bounds on what one client can hold open in browser mode. The server listens on 127.0.0.1 only,
 * but any local program can connect, and a connection that never finishes its request (no token
 * needed to open one) used to be kept for minutes.
 */
export interface ServerLimits {
  /** A request's headers must arrive within this (Node's headersTimeout). */
  headersTimeoutMs: number
  /** A whole request, body included, must arrive within this (a 1 GB upload on loopback takes seconds). */
  requestTimeoutMs: number
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /** How often Node checks the two timeouts above. */
  timeoutCheckMs: number
  /** Connections open at once; more are refused at once (closed) until some end. */
  maxConnections: number
  /** Server-sent-event streams open at once (one per open tab); more are refused with 429. */
  maxEventStreams: number
  /** An event stream is ended after this; the browser reconnects by itself within a second. */
  eventStreamLifetimeMs: number
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10 * 60_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckMs: 1_000,
  maxConnections: 128,
  maxEventStreams: 16,
  eventStreamLifetimeMs: 60 * 60_000,
}
