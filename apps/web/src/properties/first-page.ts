import type { AssentClient } from '@assent/core/api';
import { pageOfProperties } from '@assent/core/property';
import { listedPropertiesAnalyticsQuery, propertyAnalyticsRange } from '@assent/core/queries';

/**
 * The consent analytics the properties page asks first: of the rows it shows first (no filter,
 * page 1). The start-up asks them as soon as the list is in (prefetch.ts), so that the server's
 * render has the rates, and the browser does not wait for the page's chunk to ask.
 */
export const firstPageAnalyticsQuery = <T extends { uuid: string }>(
  client: AssentClient,
  pCode: string,
  rows: readonly T[],
  now: Date,
) =>
  listedPropertiesAnalyticsQuery(
    client,
    pCode,
    pageOfProperties(rows, 1).rows,
    propertyAnalyticsRange(now),
  );
