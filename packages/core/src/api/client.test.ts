import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../testing/fetch';
import { z } from 'zod';
import { ApiError } from '../errors';
import { UNKNOWN_ERROR_MESSAGE } from '../messages';
import { createClientFor } from './client';
import { ACCOUNT_QUERY, buildPath, buildQuery, defineRoute, matchPath } from './route';

const table = {
  sites: {
    list: defineRoute({
      method: 'GET',
      path: '/customization/v2/site',
      summary: 'List',
      access: ACCOUNT_QUERY,
      query: z.object({ pCode: z.string(), sort: z.string().optional() }),
      response: z.array(z.object({ uuid: z.string() })),
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/customization/v2/site/{id}',
      summary: 'Edit',
      access: ACCOUNT_QUERY,
      params: z.object({ id: z.string() }),
      query: z.object({ pCode: z.string() }),
      body: z.object({ url: z.string() }),
      response: z.object({ uuid: z.string() }),
    }),
  },
};

describe('buildPath and buildQuery', () => {
  it("keeps the spec's literal comma in sort=url,ASC", () => {
    expect(buildQuery({ pCode: 'p-AB12', sort: 'url,ASC' })).toBe('?pCode=p-AB12&sort=url,ASC');
  });
  it('encodes path parameters and refuses missing ones', () => {
    expect(buildPath('/t/{id}', { id: 'a b' })).toBe('/t/a%20b');
    expect(() => buildPath('/t/{id}', {})).toThrow('Missing path parameter "id"');
  });
  it('matchPath reads the parameters back from a filled path, with or without origin and query', () => {
    const template = '/a/pcode/{pCode}/job/{jobId}/run/{runId}/file';
    const filled = buildPath(template, { pCode: 'p-AB 12', jobId: 7, runId: 'r.1' });
    expect(filled).toBe('/a/pcode/p-AB%2012/job/7/run/r.1/file');
    const params = { pCode: 'p-AB 12', jobId: '7', runId: 'r.1' };
    expect(matchPath(template, filled)).toEqual(params);
    expect(matchPath(template, `https://cmp.example.com${filled}?x=1`)).toEqual(params);
    expect(matchPath(template, '/a/pcode/AB/job/7/run/1/file/more')).toBeUndefined();
    expect(matchPath(template, '/a/pcode/AB/job//run/1/file')).toBeUndefined();
    expect(matchPath('/v1.0/{id}', '/v1x0/5')).toBeUndefined();
    expect(matchPath(template, '/a/pcode/%E0%A4%A/job/7/run/1/file')).toBeUndefined();
  });
});

describe('createClientFor', () => {
  it('sends credentials and JSON, and returns the validated response', async () => {
    const { fetch, calls } = fakeFetch(200, '{"uuid":"u1","extra":true}');
    const client = createClientFor(table, { baseUrl: 'http://h:1/', fetch });
    const out = await client.sites.update({
      params: { id: 'u1' },
      query: { pCode: 'AB12' },
      body: { url: 'a.com' },
    });
    expect(out).toEqual({ uuid: 'u1' });
    expect(calls[0]?.url).toBe('http://h:1/customization/v2/site/u1?pCode=AB12');
    expect(calls[0]?.init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"url":"a.com"}',
    });
    expect(calls[0]?.init.headers['content-type']).toBe('application/json');
  });

  it("passes the server's error body on", async () => {
    const { fetch } = fakeFetch(
      400,
      '{"status":"VALIDATION_ERROR","message":"Bad url","fields":{"url":"Bad url"}}',
    );
    const client = createClientFor(table, { baseUrl: '', fetch });
    const error = await client.sites.list({ query: { pCode: 'X' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(400);
    expect((error as ApiError).body).toEqual({
      status: 'VALIDATION_ERROR',
      message: 'Bad url',
      fields: { url: 'Bad url' },
    });
  });

  it('synthesises UNKNOWN_ERROR when a failure has no body', async () => {
    const { fetch } = fakeFetch(502, '<html>Bad gateway</html>');
    const client = createClientFor(table, { baseUrl: '', fetch });
    const error = (await client.sites
      .list({ query: { pCode: 'X' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ status: 'UNKNOWN_ERROR', message: UNKNOWN_ERROR_MESSAGE });
    expect(UNKNOWN_ERROR_MESSAGE).toBe('An unknown error occured. Please try again.');
  });

  it('passes a JSON error body on, filling in the status or message it lacks', async () => {
    const client = (status: number, body: string) =>
      createClientFor(table, { baseUrl: '', fetch: fakeFetch(status, body).fetch });
    const fail = async (status: number, body: string) =>
      (await client(status, body)
        .sites.list({ query: { pCode: 'X' } })
        .catch((e: unknown) => e)) as ApiError;
    // A proxy's JSON without a status: the server's keys kept, status filled in.
    const noStatus = await fail(
      502,
      '{"statusCode":502,"error":"Bad Gateway","message":"Upstream down"}',
    );
    expect(noStatus.httpStatus).toBe(502);
    expect(noStatus.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      status: 'UNKNOWN_ERROR',
      message: 'Upstream down',
    });
    expect(noStatus.message).toBe('Upstream down');
    // A status without a message: the spec's message filled in; fields that are not messages dropped.
    const noMessage = await fail(409, '{"status":"CONFLICT","fields":["url"]}');
    expect(noMessage.body).toEqual({
      status: 'CONFLICT',
      message: 'An unknown error occured. Please try again.',
    });
    const numeric = await fail(500, '{"status":500,"message":"Oops","fields":{"url":"Taken"}}');
    expect(numeric.body).toEqual({ status: '500', message: 'Oops', fields: { url: 'Taken' } });
    // JSON that is not an object is no error body.
    expect((await fail(500, '["nope"]')).body).toEqual({
      status: 'UNKNOWN_ERROR',
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it("gives the spec's unknown error when fetch fails, with the reason in detail and cause", async () => {
    const reason = new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
    const client = createClientFor(table, {
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => {
        throw reason;
      },
    });
    const error = (await client.sites
      .list({ query: { pCode: 'X' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.httpStatus).toBe(0);
    expect(error.message).toBe('An unknown error occured. Please try again.');
    expect(error.body).toEqual({
      status: 'UNKNOWN_ERROR',
      message: 'An unknown error occured. Please try again.',
    });
    expect(error.detail).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
    expect(error.cause).toBe(reason);
  });

  it('treats 3xx as success', async () => {
    const { fetch } = fakeFetch(304, '[]');
    const client = createClientFor(table, { baseUrl: '', fetch });
    await expect(client.sites.list({ query: { pCode: 'X' } })).resolves.toEqual([]);
  });
});
