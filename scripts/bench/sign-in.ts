/**
 * Sign-in timing benchmark (issue 19 item 6): how long a refused sign-in takes for an unknown
 * e-mail, against the reference measured in the same run, a wrong password for a real account.
 * A ratio near 1 means the time does not tell which e-mails have accounts (before the dummy
 * argon2id verification an unknown e-mail answered in 8 ms and a known one in 46 ms).
 *
 *   npx tsx scripts/bench/sign-in.ts [--attempts 40]
 *
 * The real server (Fastify, argon2id, in-memory PGlite) in this process, called with inject; each
 * attempt comes from its own address and account so that the throttling never answers instead.
 */
import { startLiveServer } from '../../apps/server/test/live-server';
import { median, numberArg } from './support';

const ATTEMPTS = numberArg('attempts', 40);

const server = await startLiveServer();
try {
  const known: string[] = [];
  for (let i = 0; i < ATTEMPTS; i += 1)
    known.push((await server.user(`known${i}@example.com`)).email);
  const times = { unknown: [] as number[], known: [] as number[] };
  const attempt = async (email: string, ip: string) => {
    const start = performance.now();
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email, password: 'a wrong password 1' },
      remoteAddress: ip,
    });
    if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}: ${res.body}`);
    return performance.now() - start;
  };
  // Interleaved, so that the machine's load falls on both alike.
  for (let i = 0; i < ATTEMPTS; i += 1) {
    times.unknown.push(await attempt(`unknown${i}@example.com`, `10.1.${i >> 8}.${i & 255}`));
    times.known.push(await attempt(known[i]!, `10.2.${i >> 8}.${i & 255}`));
  }
  const unknown = median(times.unknown);
  const reference = median(times.known);
  console.log(`sign-in refused, unknown e-mail:        median ${unknown.toFixed(1)} ms`);
  console.log(`sign-in refused, wrong password (ref.): median ${reference.toFixed(1)} ms`);
  console.log(
    `ratio unknown / known: ${(unknown / reference).toFixed(2)} (${ATTEMPTS} attempts each)`,
  );
} finally {
  await server.close();
}
