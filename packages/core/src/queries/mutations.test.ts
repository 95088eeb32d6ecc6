import { describe, expect, it } from 'vitest';
import { createClient } from '../api';
import { LOGO_URL_INVALID, defaultSiteValues } from '../property';
import { fakeFetch } from '../testing/fetch';
import type { PropertyValues } from '../property';
import type { QueryCacheLike } from './index';
import {
  applyCacheEffects,
  bulkUpdateFinishedEffects,
  createQueryClientDefaults,
  propertyDeleteMutation,
  propertySaveMutation,
  reportActiveMutation,
  sendProperty,
  themeSavedEffects,
} from './index';

function recordingClient(answer: (url: string) => unknown) {
  const { fetch, calls } = fakeFetch(200, answer);
  const client = createClient({ baseUrl: '', fetch, validateResponses: false });
  return { client, calls };
}

function recordingCache() {
  const log: string[] = [];
  const cache: QueryCacheLike = {
    setQueryData: (key, data) => log.push(`set ${JSON.stringify(key)} ${JSON.stringify(data)}`),
    removeQueries: ({ queryKey }) => void log.push(`remove ${JSON.stringify(queryKey)}`),
    invalidateQueries: async ({ queryKey }) =>
      void log.push(`invalidate ${JSON.stringify(queryKey)}`),
  };
  return { cache, log };
}

const values = (logo: string): PropertyValues => ({
  ...defaultSiteValues(),
  url: 'a.example',
  publisherLogoUrl: logo,
});

describe('mutation specs', () => {
  it('no retry and no refetch on focus by default (properties-and-tags §9)', () => {
    expect(createQueryClientDefaults()).toEqual({
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    });
  });

  it('a property save checks the logo first and sends the url with the suffix of the check', async () => {
    const { client, calls } = recordingClient((url) =>
      url.includes('logo') ? { ok: true, suffix: '#w=10' } : { uuid: 'u1', url: 'a.example' },
    );
    const spec = propertySaveMutation(client, 'AB12', sendProperty(client, 'AB12', 'SITE', 'u1'));
    const outcome = await spec.mutationFn(values('https://x.example/l.png'));
    expect(outcome.kind).toBe('saved');
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'PUT']);
    expect(calls[1]!.url).toBe('/customization/v2/site/u1?pCode=AB12');
    expect(JSON.parse(String(calls[1]!.init.body)).publisherLogoUrl).toBe(
      'https://x.example/l.png#w=10',
    );
    const { cache, log } = recordingCache();
    await applyCacheEffects(cache, spec.effects(outcome, values('')));
    expect(log).toEqual([
      'set ["property","AB12","u1"] {"uuid":"u1","url":"a.example"}',
      'invalidate ["properties","AB12"]',
    ]);
  });

  it('a refused logo stops the save with its message and changes nothing in the cache', async () => {
    const { client, calls } = recordingClient(() => ({ ok: false }));
    const spec = propertySaveMutation(client, 'AB12', sendProperty(client, 'AB12', 'APP'));
    const outcome = await spec.mutationFn(values('https://x.example/l.png'));
    expect(outcome).toEqual({ kind: 'logoRejected', message: LOGO_URL_INVALID });
    expect(calls).toHaveLength(1);
    const { cache, log } = recordingCache();
    await applyCacheEffects(cache, spec.effects(outcome, values('')));
    expect(log).toEqual([]);
  });

  it('a deleted app leaves the cache; the list is awaited, the audit logs refresh behind', async () => {
    const { client, calls } = recordingClient(() => ({}));
    const spec = propertyDeleteMutation(client, 'AB12');
    const item = { uuid: 'u2', propertyType: 'APP' as const, packageId: 'com.x' };
    await spec.mutationFn(item);
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.url).toBe('/customization/v2/app/u2?pCode=AB12&packageId=com.x');
    const { cache, log } = recordingCache();
    await applyCacheEffects(cache, spec.effects({}, item));
    expect(log).toEqual([
      'remove ["property","AB12","u2"]',
      'invalidate ["auditLogs","AB12"]',
      'invalidate ["properties","AB12"]',
    ]);
  });

  it('a saved theme refreshes the themes, its text requests and the property forms', async () => {
    const { cache, log } = recordingCache();
    const theme = { themeId: 't1', themeName: 'T' } as never;
    await applyCacheEffects(cache, themeSavedEffects('AB12', theme));
    expect(log).toEqual([
      'set ["themes","AB12","detail","t1"] {"themeId":"t1","themeName":"T"}',
      'invalidate ["themes","AB12"]',
      'invalidate ["textRequests","t1"]',
      'invalidate ["propertyInit"]',
    ]);
  });

  it('a finished bulk update refreshes the properties', () => {
    expect(bulkUpdateFinishedEffects('AB12')).toEqual({ refresh: [['properties', 'AB12']] });
  });

  it("pausing a scheduled report sends active=false; the account's reports are read again", async () => {
    const { client, calls } = recordingClient(() => ({}));
    const spec = reportActiveMutation(client, 'AB12');
    await spec.mutationFn({ jobId: 'j1', active: false });
    expect(calls[0]!.init.method).toBe('PATCH');
    expect(calls[0]!.url).toBe('/analytics/v1/pcode/AB12/job/j1?active=false');
    const { cache, log } = recordingCache();
    await applyCacheEffects(cache, spec.effects({}, { jobId: 'j1', active: false }));
    expect(log).toEqual(['invalidate ["reportJob","AB12"]']);
  });
});
