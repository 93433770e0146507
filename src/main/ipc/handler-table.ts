import type { ParsedInput, RouteName, RouteOutput } from '@shared/ipc-contract.js'

/**
 * One handler per route, typed from the contract: a missing or extra key is a compile error, and
 * each handler receives the parsed input and must return the route's output type.
 */
export type HandlerTable = {
  [R in RouteName]: (input: ParsedInput<R>) => RouteOutput<R> | Promise<RouteOutput<R>>
}
