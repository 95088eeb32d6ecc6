import { HELP_CENTER_PATH } from '@assent/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { TestServer } from './harness';
import { createTestServer, stores } from './harness';

/** The Help Center's target (issue 17 item 11): /help, then the project's docs or ASSENT_HELP_URL. */
describe.each(stores())('help target and documentation (%s)', (store) => {
  let server: TestServer;
  let configured: TestServer;
  beforeAll(async () => {
    server = await createTestServer(store, { workers: false });
    configured = await createTestServer(store, {
      workers: false,
      env: { ASSENT_HELP_URL: 'https://support.example.com/cmp' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await configured?.close();
  });

  it('sends /help to the project documentation by default, and to ASSENT_HELP_URL when set', async () => {
    const byDefault = await server.request({ method: 'GET', url: HELP_CENTER_PATH });
    expect(byDefault.statusCode).toBe(302);
    expect(byDefault.headers.location).toBe('/docs/');
    const set = await configured.request({ method: 'GET', url: HELP_CENTER_PATH });
    expect(set.statusCode).toBe(302);
    expect(set.headers.location).toBe('https://support.example.com/cmp');
  });

  it('lists the README and docs/*.md and renders each to HTML, with no script allowed', async () => {
    const index = await server.request({ method: 'GET', url: '/docs/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    for (const name of ['README.md', 'rules.md', 'decisions.md']) {
      expect(index.body).toContain(`href="/docs/${name}"`);
    }
    const rules = await server.request({ method: 'GET', url: '/docs/rules.md' });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toMatch(/<h1[^>]*>/);
    expect(rules.headers['content-security-policy']).toContain("default-src 'none'");
    expect(rules.headers['content-security-policy']).not.toContain('script-src');
    // The README's links to docs/*.md lead to their pages here.
    const readme = await server.request({ method: 'GET', url: '/docs/README.md' });
    expect(readme.body).toContain('href="/docs/cli.md"');
  });

  it('serves nothing but the listed documents', async () => {
    for (const url of [
      '/docs/package.json',
      '/docs/..%2Fpackage.json',
      '/docs/..%2F..%2Fetc%2Fpasswd',
      '/docs/nothing.md',
    ]) {
      const response = await server.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('ASSENT_HELP_URL', () => {
  it('must be an http(s) URL or a path on this server', () => {
    expect(loadConfig({ ASSENT_HELP_URL: '/docs/' }).helpUrl).toBe('/docs/');
    expect(loadConfig({ ASSENT_HELP_URL: 'https://help.example.com' }).helpUrl).toBe(
      'https://help.example.com',
    );
    for (const bad of ['javascript:alert(1)', '//evil.example', 'help.example.com']) {
      expect(() => loadConfig({ ASSENT_HELP_URL: bad })).toThrow(/ASSENT_HELP_URL/);
    }
  });
});
