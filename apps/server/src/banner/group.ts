import type { Property, StoredConsentKey } from '@assent/core';
import {
  AssentError,
  BANNER_TOKENS,
  CONSENT_COOKIES,
  CONSENT_LIFETIME_SECONDS,
  consentGroupKey,
  inlineJson,
  originBelongsToSite,
  replaceToken,
  siteOrigins,
} from '@assent/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { properties } from '../repositories/properties';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { NO_STORE, PRIVATE_REVALIDATE } from '../services/http-cache';
import {
  HTML,
  allowCredentialedOrigin,
  isSecure,
  preflight,
  refererOrigin,
  requestOrigin,
} from './http';
import type { BannerRuntime } from './runtime';

/** A stored value: a TC, GPP or US privacy string, or the runtime's meta (`version|outcome|time`). */
const STORED_VALUE = /^[A-Za-z0-9_.~|-]{1,4000}$/;
export const GROUP_BODY_LIMIT = 16 * 1024;
export const GROUP_FOREIGN_ORIGIN = 'This site is not part of the consent group';
export const GROUP_BAD_VALUE =
  'Expected a TC, GPP or US privacy string (letters, digits and - _ . ~ |, at most 4000 characters)';

interface Params {
  pcode: string;
  group: string;
}

/** The cookies of a group live under its own path, so groups on one Assent server never mix. */
const groupPath = (p: Params) =>
  `/banner/group/${encodeURIComponent(p.pcode)}/${encodeURIComponent(p.group)}/`;

/** The account's 'service group' sites sharing this group URL key. */
async function groupMembers(runtime: BannerRuntime, p: Params): Promise<Property[]> {
  if (!/^g[0-9a-z]{1,16}$/.test(p.group)) return [];
  const sites = await properties.list(runtime.deps.db, p.pcode, { type: 'SITE' });
  return sites.filter(
    (s) =>
      s.consentScope === 'service group' &&
      s.consentScopeGroupURL.trim() !== '' &&
      consentGroupKey(s.consentScopeGroupURL) === p.group,
  );
}

async function membersOrNotFound(runtime: BannerRuntime, p: Params) {
  const members = await groupMembers(runtime, p);
  if (!members.length) throw new AssentError('NOT_FOUND', `${NOT_FOUND_MESSAGE}: consent group`);
  return members;
}

const belongs = (origin: string, members: readonly Property[]) =>
  members.some((m) => originBelongsToSite(origin, m));

/**
 * The group's storage for the runtime: the iframe page (dist/group-frame.js with the group's site
 * origins) and the API (GET and PUT of StoredConsent JSON). Both keep consent in cookies on the
 * Assent origin under the group's path; only the group's sites may read or write them.
 */
export function registerGroupRoutes(app: FastifyInstance, runtime: BannerRuntime) {
  const { config } = runtime.deps;

  app.get<{ Params: Params }>('/banner/group/:pcode/:group/frame', async (request, reply) => {
    const members = await membersOrNotFound(runtime, request.params);
    // Exact origins of the group's sites, plus the embedding page when it is a subdomain of one.
    const origins = new Set(members.flatMap((m) => siteOrigins(m)));
    const parent = refererOrigin(request);
    if (parent && belongs(parent, members)) origins.add(parent);
    const list = [...origins];
    const frame = replaceToken(
      runtime.assets.get('group-frame.js').text,
      BANNER_TOKENS.groupOrigins,
      list,
    );
    // group-frame.js writes path=/ and SameSite=Lax cookies: scope them to this group and, over
    // https, make them readable in the third-party context the frame runs in.
    const cookieAttributes = isSecure(request, config) ? ';SameSite=None;Secure' : ';SameSite=Lax';
    const shim = `(function(d,p,a){var c=Object.getOwnPropertyDescriptor(Document.prototype,'cookie');Object.defineProperty(d,'cookie',{configurable:true,get:function(){return c.get.call(d)},set:function(v){c.set.call(d,String(v).replace(/;\\s*path=[^;]*/i,'').replace(/;\\s*samesite=[^;]*/i,'').replace(/;\\s*secure/i,'')+';path='+p+a)}})})(document,${inlineJson(groupPath(request.params))},${inlineJson(cookieAttributes)});`;
    return reply
      .header('content-type', HTML)
      .header('cache-control', PRIVATE_REVALIDATE)
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'unsafe-inline'; frame-ancestors ${list.join(' ') || "'none'"}`,
      )
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Consent storage</title></head><body><script>${shim}\n${frame}</script></body></html>`,
      );
  });

  const storage = '/banner/group/:pcode/:group/storage';

  /** The caller's origin when it belongs to the group; CORS headers set. */
  async function checkOrigin(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const members = await membersOrNotFound(runtime, request.params);
    const origin = requestOrigin(request);
    if (origin) {
      if (!belongs(origin, members)) throw new AssentError('FORBIDDEN', GROUP_FOREIGN_ORIGIN);
      allowCredentialedOrigin(reply, origin);
    }
    reply.header('cache-control', NO_STORE);
  }

  app.options<{ Params: Params }>(storage, async (request, reply) => {
    const members = await membersOrNotFound(runtime, request.params);
    const origin = requestOrigin(request);
    if (!origin || !belongs(origin, members))
      throw new AssentError('FORBIDDEN', GROUP_FOREIGN_ORIGIN);
    return preflight(reply, origin, 'GET, PUT', { credentials: true });
  });

  app.get<{ Params: Params }>(storage, async (request, reply) => {
    await checkOrigin(request, reply);
    const values: Partial<Record<StoredConsentKey, string>> = {};
    for (const [key, name] of Object.entries(CONSENT_COOKIES) as Array<
      [StoredConsentKey, string]
    >) {
      const value = request.cookies[name];
      if (value && STORED_VALUE.test(value)) values[key] = value;
    }
    return reply.send(values);
  });

  app.put<{ Params: Params }>(storage, { bodyLimit: GROUP_BODY_LIMIT }, async (request, reply) => {
    await checkOrigin(request, reply);
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AssentError('VALIDATION_ERROR', 'Expected a JSON object of stored consent', {
        body: 'Expected a JSON object of stored consent',
      });
    const values = body as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const key of Object.keys(CONSENT_COOKIES) as StoredConsentKey[]) {
      const value = values[key];
      if (value !== undefined && (typeof value !== 'string' || !STORED_VALUE.test(value)))
        fields[key] = GROUP_BAD_VALUE;
    }
    if (Object.keys(fields).length)
      throw new AssentError(
        'VALIDATION_ERROR',
        `${Object.keys(fields)[0]}: ${GROUP_BAD_VALUE}`,
        fields,
      );
    const secure = isSecure(request, config);
    for (const [key, name] of Object.entries(CONSENT_COOKIES) as Array<
      [StoredConsentKey, string]
    >) {
      const value = values[key];
      if (typeof value !== 'string') continue;
      reply.setCookie(name, value, {
        path: groupPath(request.params),
        maxAge: CONSENT_LIFETIME_SECONDS,
        // Readable by the group frame page too, so both storage modes of a group share them.
        httpOnly: false,
        secure,
        sameSite: secure ? 'none' : 'lax',
      });
    }
    return reply.code(204).send();
  });
}
