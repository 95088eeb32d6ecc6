import type { Client, ClientOptions } from './client';
import { createClientFor } from './client';
import type { Routes } from './routes';
import { routes } from './routes';

export { callRoute, createClientFor } from './client';
export type {
  CallOptions,
  Client,
  ClientOptions,
  FetchInit,
  FetchLike,
  FetchResponse,
} from './client';
export {
  ACCOUNT_PARAM,
  ACCOUNT_QUERY,
  ADMIN,
  PUBLIC,
  USER,
  buildPath,
  buildQuery,
  defineRoute,
  listRoutes,
} from './route';
export type {
  AnyRoute,
  HttpMethod,
  ResponseKind,
  RouteAccess,
  RouteDef,
  RouteInput,
  RouteOutput,
  RouteParsedInput,
  RouteTable,
} from './route';
export { pathOrigin, renderApiReference } from './reference';
export type { PathOrigin } from './reference';
export { routes } from './routes';
export type { Routes } from './routes';

export type AssentClient = Client<Routes>;

/** The typed client for Assent's API, generated from the route table. */
export function createClient(options: ClientOptions): AssentClient {
  return createClientFor(routes, options);
}
