import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The ClickHouse client of ASSENT_ANALYTICS_URL: `clickhouse://user:password@host[:port]/database`
 * is plain HTTP (port 8123 by default), `https://user:password@host[:port]/database` TLS (8443);
 * the database defaults to `default`.
 */
export function clickhouseClient(url: string): ClickHouseClient {
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  const scheme = u.protocol === 'clickhouse:' ? 'http' : u.protocol.slice(0, -1);
  const port = u.port || (secure ? '8443' : '8123');
  return createClient({
    url: `${scheme}://${u.hostname}:${port}`,
    username: decodeURIComponent(u.username) || 'default',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'default',
    // The server's logger reports failures; the client's own would print them a second time.
    log: { level: ClickHouseLogLevel.OFF },
    // Batches of visits compress well; answers are small.
    compression: { request: true, response: false },
    request_timeout: 60_000,
  });
}
