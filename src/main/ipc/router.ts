import { z } from 'zod'
import { isRouteName, routes, type Result } from '@shared/ipc-contract.js'
import { QuireError } from '@shared/errors.js'
import type { HandlerTable } from './handler-table.js'

export type Invoke = (route: string, input: unknown) => Promise<Result<unknown>>

export interface RouterOptions {
  /** Where unexpected failures (with their stacks) are logged; the caller only sees code and message. */
  log?: (message: string, err: unknown) => void
}

function issuesText(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`)
    .join('; ')
}

/**
 * The one gate every request passes, whatever the transport: the route is looked up as an own
 * property of the contract (so `__proto__`, `constructor` and friends are unknown routes), the input
 * is parsed, the handler runs, and its output is checked against the contract before it leaves.
 * Never throws: failures come back as `{ ok: false, error }`.
 */
export function createRouter(handlers: HandlerTable, opts: RouterOptions = {}): Invoke {
  const log = opts.log ?? ((message, err) => console.error(message, err))
  return async (route, input) => {
    if (typeof route !== 'string' || !isRouteName(route)) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_ROUTE', message: `Unknown route: ${String(route).slice(0, 100)}` },
      }
    }
    const def = routes[route]
    const parsed = def.input.safeParse(input ?? {})
    if (!parsed.success) {
      // A field whose failure has a code of its own (a question too long: QUESTION_TOO_LONG) says so.
      const coded = parsed.error.issues.find(
        (i) => i.code === 'custom' && typeof i.params?.errorCode === 'string',
      )
      if (coded?.code === 'custom')
        return { ok: false, error: { code: String(coded.params!.errorCode), message: coded.message } }
      return {
        ok: false,
        error: { code: 'VALIDATION', message: `Invalid input for ${route}: ${issuesText(parsed.error)}` },
      }
    }
    let data: unknown
    try {
      const handler = handlers[route] as (input: unknown) => unknown
      data = await handler(parsed.data)
    } catch (err) {
      if (err instanceof QuireError) return { ok: false, error: { code: err.code, message: err.message } }
      log(`[ipc] ${route} failed`, err)
      const message = err instanceof Error ? err.message : String(err)
      return { ok: false, error: { code: 'INTERNAL', message } }
    }
    const checked = def.output.safeParse(data)
    if (!checked.success) {
      // A handler returning the wrong shape is our bug, not the caller's: log it in full.
      log(
        `[ipc] ${route} returned output that does not match the contract: ${issuesText(checked.error)}`,
        data,
      )
      return { ok: false, error: { code: 'INTERNAL', message: `${route} produced an invalid response.` } }
    }
    return { ok: true, data: checked.data }
  }
}
