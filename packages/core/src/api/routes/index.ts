import type { RouteTable } from '../route';

/**
 * Every call of the API, grouped by entity. Each group lives in its own file beside this one;
 * the server registers every route from this table and the client is generated from it.
 */
export const routes = {} satisfies RouteTable;

export type Routes = typeof routes;
