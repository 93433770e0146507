// The renderer's view of the IPC contract (src/shared/ipc-contract.ts): types only, so zod stays
// out of the renderer bundle. The renderer depends only on the QuireApi object — the preload in
// Electron, HTTP+SSE in the browser, an in-memory fake in tests.
import type {
  EventName,
  EventPayloads,
  QuireApi,
  Result,
  RouteInput,
  RouteName,
  RouteOutput,
  Settings,
} from '@shared/ipc-contract.js'

export type { EventName, QuireApi, Result, RouteInput, RouteOutput, Settings }
export type Route = RouteName
export type EventMap = EventPayloads
export type AppInfo = RouteOutput<'app.info'>
export type PageText = RouteOutput<'library.page'>
export type LibraryStatus = RouteOutput<'library.status'>

/** Thrown by `call` so store code can use try/catch while the wire stays error-as-data. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiCallError'
  }
}

/** Invokes a route and unwraps the result, throwing ApiCallError on `{ ok: false }`. */
export async function call<R extends Route>(
  api: QuireApi,
  route: R,
  input: RouteInput<R>,
): Promise<RouteOutput<R>> {
  const res = await api.invoke(route, input)
  if (!res.ok) throw new ApiCallError(res.error.code, res.error.message)
  return res.data
}
