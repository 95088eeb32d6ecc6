import { EventEmitter } from 'node:events';
import type { AssentClient, FetchLike } from '@assent/core/api';
import { createClient } from '@assent/core/api';
import { PropertySettings, nextRegulation, toSavePayload } from '@assent/core/property';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeStdin } from './fake-stdin';

/**
 * What assent tui writes to the terminal when its data is read again: nothing when the data is
 * the same, and only the changed lines when it is not (no flicker). The UI runs with its own
 * render options (startTui) on a terminal of 100x30 that records every byte, against the real
 * server of the test harness.
 */

// Ink writes only the last frame when it believes it runs in CI (is-in-ci reads the variable when
// ink is imported): assent tui clears it at a terminal, and so does this test, before the import.
vi.hoisted(() => {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
});
const { startTui } = await import('../src/index');

const ESC = '\u001B';
/** Ink's incremental renderer ends each line it rewrites with "erase to the end of the line". */
const ERASE_END_OF_LINE = `${ESC}[K`;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|[@-Z\\-_])/g;

let server: LiveServer;
let user: TestUser;
let api: AssentClient;
const sites: Record<string, string> = {};

beforeAll(async () => {
  server = await startLiveServer();
  user = await server.user('frames@example.com');
  api = server.api(user);
  for (const url of ['news.example.com', 'shop.example.org', 'blog.example.net']) {
    const site = await api.sites.create({
      query: { pCode: user.pcode },
      body: { url, publisherName: 'Pub', themeId: '1', consentLocations: ['EEA'] },
    });
    sites[url] = site.uuid;
  }
});

afterAll(async () => {
  await server?.close();
});

/** A terminal of `columns` x `rows` that keeps every byte written to it. */
function terminal(columns: number, rows: number) {
  const written: string[] = [];
  const stdout = Object.assign(new EventEmitter(), {
    isTTY: true,
    columns,
    rows,
    write: (data: string) => {
      written.push(data);
      return true;
    },
  });
  const stdin = fakeStdin();
  const stderr = Object.assign(new EventEmitter(), { write: () => true });
  const bytes = () => written.join('');
  return { stdout, stdin, stderr, bytes };
}

/**
 * The screen a terminal shows after `bytes`, for the sequences Ink writes: cursor up (A), next
 * line (E), column (G), home (H), erase in line (K) and display (J), text and newlines (a tty
 * turns "\n" into a new line at column 1, scrolling at the bottom). Other sequences are ignored.
 */
function screenOf(bytes: string, columns: number, rows: number): string[] {
  const blank = () => Array<string>(columns).fill(' ');
  const screen = Array.from({ length: rows }, blank);
  let row = 0;
  let col = 0;
  // eslint-disable-next-line no-control-regex
  const tokens = /\u001B\[([0-9;?]*)([A-Za-z])|\u001B\][^\u0007]*\u0007|\n|\r|[^\u001B\n\r]/gu;
  for (const [token, arg = '', command] of bytes.matchAll(tokens)) {
    const n = Number(arg) || 1;
    if (command === 'A') row = Math.max(0, row - n);
    else if (command === 'E') [row, col] = [Math.min(rows - 1, row + n), 0];
    else if (command === 'G') col = n - 1;
    else if (command === 'H') [row, col] = [0, 0];
    else if (command === 'K' && arg === '2') screen[row] = blank();
    else if (command === 'K') screen[row]!.fill(' ', col);
    else if (command === 'J' && arg === '2') screen.forEach((_, i) => (screen[i] = blank()));
    else if (command || token.startsWith('\u001B')) continue;
    else if (token === '\r') col = 0;
    else if (token === '\n') {
      col = 0;
      if (row < rows - 1) row++;
      else screen.push(screen.shift()! && blank());
    } else {
      if (col < columns) screen[row]![col] = token;
      col++;
    }
  }
  return screen.map((line) => line.join('').trimEnd());
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('assent tui redraws only what changed', () => {
  it('a refetch of unchanged data writes nothing; a change rewrites only its line', async () => {
    // Every request the UI makes, to know that a refresh really went to the server.
    let requests = 0;
    const client = createClient({
      baseUrl: server.url,
      fetch: ((url: string, init: unknown) => {
        requests++;
        return (globalThis.fetch as unknown as FetchLike)(url, init as never);
      }) as FetchLike,
      headers: () => ({ authorization: `Bearer ${user.token}` }),
    });
    const term = terminal(100, 30);
    const { instance, queryClient } = startTui({
      client,
      url: server.url,
      account: user.pcode,
      env: { NO_COLOR: '1' },
      stdout: term.stdout as unknown as NodeJS.WriteStream,
      stdin: term.stdin as unknown as NodeJS.ReadStream,
      stderr: term.stderr as unknown as NodeJS.WriteStream,
      patchConsole: false,
    });
    const text = () => term.bytes().replace(ANSI, '');
    try {
      // Everything has arrived: the rows, the user, and the consent column (no data: '-').
      await until(() => text().includes('user frames@example.com'), 'the header');
      await until(() => /> blog\.example\.net/.test(text()), 'the list');
      await until(() => queryClient.isFetching() === 0, 'the first reads');
      // The frame never fills the terminal (30 rows), or Ink would clear and redraw all of it.
      const first = term.bytes();
      expect(first).not.toContain(`${ESC}[2J`);

      // 1. The same data read again (every query of the screen, as r does): nothing is written.
      // Pressing j afterwards proves that Ink had drawn by then: its frame comes after any other.
      const before = term.bytes().length;
      const asked = requests;
      await queryClient.refetchQueries({ type: 'active' });
      expect(requests).toBeGreaterThan(asked);
      expect(term.bytes().slice(before)).toBe('');
      term.stdin.write('j');
      await until(() => text().includes('> news.example.com'), 'j to move');
      const moved = term.bytes().slice(before);
      // The two rows whose cursor changed, and nothing else: no header, tabs or other rows.
      expect(moved.split(ERASE_END_OF_LINE)).toHaveLength(3);
      const movedText = moved.replace(ANSI, '');
      expect(movedText).toContain('  blog.example.net');
      expect(movedText).toContain('> news.example.com');
      for (const unchanged of ['Assent', 'Properties', 'shop.example.org', '? help'])
        expect(movedText).not.toContain(unchanged);
      expect(moved).not.toContain(`${ESC}[2J`);

      // 2. Another user changes shop.example.org's regulation; the list is read again: only
      // its row is rewritten.
      const query = { pCode: user.pcode };
      const shop = await api.sites.get({ params: { id: sites['shop.example.org']! }, query });
      await api.sites.update({
        params: { id: shop.uuid },
        query,
        body: toSavePayload(nextRegulation(PropertySettings.parse(shop))) as never,
      });
      const beforeChange = term.bytes().length;
      await queryClient.refetchQueries({ type: 'active' });
      await until(() => /shop\.example\.org\s+\S+\s+US\s/.test(text()), 'the new regulation');
      const changed = term.bytes().slice(beforeChange);
      expect(changed.split(ERASE_END_OF_LINE)).toHaveLength(2);
      expect(changed.replace(ANSI, '')).toMatch(/^ {2}shop\.example\.org\s+\S+\s+US\s/);

      // 3. What the terminal shows after all these frames: each line in its row (the header on
      // the first, the key line on the 29th of 30), none left over from an earlier frame.
      const shown = screenOf(term.bytes(), 100, 30);
      expect(shown[0]).toMatch(/^Assent {2}server .+ user frames@example\.com$/);
      expect(shown[1]).toMatch(/^ 1 Properties {2}2 Themes/);
      expect(shown[2]).toMatch(/^ {2}Property\s+Status/);
      expect(shown[3]).toMatch(/^ {2}blog\.example\.net\s+Active\s+GDPR\s/);
      expect(shown[4]).toMatch(/^> news\.example\.com\s+Active\s+GDPR\s/);
      expect(shown[5]).toMatch(/^ {2}shop\.example\.org\s+Active\s+US\s/);
      expect(shown.slice(6, 27).every((line) => line === '')).toBe(true);
      expect(shown[27]).toBe('3 properties');
      expect(shown[28]).toMatch(/^\? help {2}\/ filter/);
      expect(shown[29]).toBe('');
    } finally {
      instance.unmount();
    }
  });
});
