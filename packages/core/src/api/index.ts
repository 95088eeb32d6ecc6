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
  matchPath,
  buildQuery,
  defineRoute,
  listRoutes,
} from './route';
export type {
  AnyRoute,
  CachePolicy,
  CorsPolicy,
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
export {
  AMP_CHECK_BODY_LIMIT,
  AMP_FOREIGN_ORIGIN,
  AmpConsentCheckAnswer,
  GROUP_BAD_BODY,
  GROUP_BAD_VALUE,
  GROUP_BODY_LIMIT,
  GROUP_FOREIGN_ORIGIN,
  HTML_TYPE,
  JAVASCRIPT_TYPE,
  RuntimeGoogleVendors,
  RuntimeVendorList,
  STORED_CONSENT_VALUE,
  StoredConsentValues,
  VENDOR_LIST_LANG_RULE,
  VENDOR_LIST_VERSION_RULE,
  VISIT_BAD_BODY,
  VISIT_BODY_LIMIT,
  VISIT_FOREIGN_ORIGIN,
  VisitBeacon,
} from './routes/banner';
export { UNKNOWN_FIELD_RULE, unknownFieldIssues } from './unknown-fields';
export type { Routes } from './routes';

export type AssentClient = Client<Routes>;

/** The typed client for Assent's API, generated from the route table. */
export function createClient(options: ClientOptions): AssentClient {
  return createClientFor(routes, options);
}
