/** What several benchmarks share: the demo account's password and token, a site's settings, percentiles. */

/** The demo account's password the benchmarks start their servers with (ASSENT_DEMO_PASSWORD). */
export const BENCH_PASSWORD = 'bench password 1';

/** Signs in as the demo user and makes a personal access token named `name`. */
export async function demoToken(
  url: string,
  name: string,
): Promise<{ token: string; pcode: string }> {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'demo@assent.local', password: BENCH_PASSWORD }),
  });
  const me = (await res.json()) as { pcodes: string[] };
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const token = await fetch(`${url}/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({ name }),
  });
  return { token: ((await token.json()) as { secret: string }).secret, pcode: me.pcodes[0]! };
}

// The API refuses unknown fields: the read-only fields of a GET are not sent back.
const READ_ONLY_SITE_FIELDS = new Set([
  'uuid',
  'siteId',
  'pCode',
  'accountId',
  'themeName',
  'editable',
  'createdAt',
  'updatedAt',
  'abTestingSitesCollection',
]);

/** A site as read from the API, without the fields a save refuses. */
export const siteSettings = (p: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(p).filter(([k]) => !READ_ONLY_SITE_FIELDS.has(k)));

/** The p-th percentile of ascending `sorted` values (0 when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
