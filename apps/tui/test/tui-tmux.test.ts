import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LiveServer, TestUser } from '@assent/server/testing';
import { startLiveServer } from '@assent/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `bin/assent tui` in a real pseudo-terminal (tmux, 100x30): signed in by token, to a property
 * and its tag, and out with q. The screens are saved as artefacts (artifacts/tui-*.txt).
 */
const REPO = path.resolve(__dirname, '../../..');
const ARTIFACTS = path.join(REPO, 'artifacts');
const HAS_TMUX = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
if (!HAS_TMUX)
  console.warn('tui-tmux.test.ts: tmux is not installed; the pseudo-terminal test is skipped');

let server: LiveServer;
let user: TestUser;
let socketDir: string;
const session = `assent-tui-${process.pid}`;
const tmux = (...args: string[]) =>
  spawnSync('tmux', ['-S', path.join(socketDir, 'sock'), ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', session).stdout;
/** tmux answers on its own process, so the in-process server keeps serving while we wait. */
async function waitForScreen(text: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline)
      throw new Error(`The terminal never showed "${text}"; it shows:\n${shown}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; the screen:\n${screen()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
// eslint-disable-next-line no-control-regex
const ANSI = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|[@-Z\\-_])/g;
const save = (name: string, text: string) =>
  writeFileSync(path.join(ARTIFACTS, `tui-${name}.txt`), text);

beforeAll(async () => {
  if (!HAS_TMUX) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  socketDir = mkdtempSync(path.join(os.tmpdir(), 'assent-tui-tmux-'));
  server = await startLiveServer();
  user = await server.user('tmux@example.com');
  await server.api(user).sites.create({
    query: { pCode: user.pcode },
    body: {
      url: 'news.example.com',
      publisherName: 'News',
      themeId: '1',
      consentLocations: ['EEA'],
    },
  });
});

afterAll(async () => {
  if (!HAS_TMUX) return;
  tmux('kill-server');
  await server?.close();
  rmSync(socketDir, { recursive: true, force: true });
});

describe.skipIf(!HAS_TMUX)('assent tui in a pseudo-terminal', () => {
  it('signs in with a token, opens a property and its site tag, and quits cleanly', async () => {
    const done = path.join(socketDir, 'exit-code');
    const env = [
      `ASSENT_URL=${server.url}`,
      `ASSENT_TOKEN=${user.token}`,
      `ASSENT_ACCOUNT=${user.pcode}`,
      `ASSENT_CONFIG_DIR=${path.join(socketDir, 'config')}`,
      'NO_COLOR=1',
      'TERM=xterm-256color',
    ].join(' ');
    const command = `env ${env} ${process.execPath} ${path.join(REPO, 'bin', 'assent')} tui; echo "exit $?" > ${done}; sleep 30`;
    const started = tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command);
    expect(started.status, started.stderr).toBe(0);

    await waitForScreen('news.example.com');
    save('1-properties', await waitForScreen('user tmux@example.com'));
    // Each line in its row: the header on the first, the key line on the 29th of 30 (the UI is a
    // line shorter than the terminal), nothing left of the first frame drawn before the data.
    const rows = screen().split('\n');
    expect(rows[0]).toMatch(
      new RegExp(`^Assent .* account ${user.pcode}  user tmux@example\\.com`),
    );
    expect(rows[1]).toMatch(/^ 1 Properties/);
    expect(rows[28]).toMatch(/^\? help {2}\/ filter/);

    // A refresh while idle (r reads every query again): the screen comes back as it was, and of
    // what assent tui wrote meanwhile (tmux's pipe-pane) only the status line was rewritten:
    // 'Refreshing…', then the row count again. No flicker.
    await waitForScreen('1 property');
    const idle = screen();
    const piped = path.join(socketDir, 'refresh.out');
    tmux('pipe-pane', '-t', session, '-o', `cat > ${piped}`);
    tmux('send-keys', '-t', session, 'r');
    const written = () => (existsSync(piped) ? readFileSync(piped, 'utf8') : '');
    await waitUntil(
      () => written().includes('Refreshing') && screen() === idle,
      'the refresh to end',
    );
    tmux('pipe-pane', '-t', session);
    const refresh = written();
    expect(refresh.split('\u001B[K')).toHaveLength(3); // two lines written, each ends "erase to end"
    expect(refresh.replace(ANSI, '')).toMatch(/^Refreshing…\s*1 property\s*$/);

    tmux('send-keys', '-t', session, 'Enter');
    const detail = await waitForScreen('Consent analytics');
    save('2-detail', detail);
    expect(detail).toContain('General');
    expect(detail).toContain('News (');

    // At 80x24 the detail scrolls instead of losing its last lines: its end is the key line.
    tmux('resize-window', '-t', session, '-x', '80', '-y', '24');
    await waitForScreen('↓');
    save('2-detail-80x24', screen());
    tmux('send-keys', '-t', session, 'G');
    const end = await waitForScreen('j/k scroll  t tag  Esc back');
    save('2-detail-80x24-end', end);
    expect(end).toContain('Display Count per day');
    expect(end.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(end.split('\n')[0]).toMatch(/^Assent {2}server/);
    expect(end.split('\n')[22]).toMatch(/^\? help/);
    tmux('resize-window', '-t', session, '-x', '100', '-y', '30');
    await waitForScreen('General');

    tmux('send-keys', '-t', session, 't');
    const tag = await waitForScreen('<script');
    save('3-site-tag', tag);
    expect(tag).toContain('Site tag of news.example.com');
    expect(tag).toContain('<!-- Assent consent tag: news.example.com -->');
    expect(tag).not.toContain('"snippet"');

    tmux('send-keys', '-t', session, 'q');
    const deadline = Date.now() + 20_000;
    while (spawnSync('test', ['-f', done]).status !== 0) {
      if (Date.now() > deadline)
        throw new Error(`assent tui did not quit; the screen:\n${screen()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = screen();
    save('4-after-quit', after);
    // The alternate screen is left: the shell's screen is back, without the UI.
    expect(after).not.toContain('Site tag of');
    expect(spawnSync('cat', [done], { encoding: 'utf8' }).stdout.trim()).toBe('exit 0');
  });
});
