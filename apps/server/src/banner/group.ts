import { AssentError } from '@assent/core';
import { STORED_CONSENT_VALUE } from '@assent/core/api';
import type { Routes, StoredConsentValues } from '@assent/core/api';
import { CONSENT_COOKIES, CONSENT_LIFETIME_SECONDS, consentGroupKey } from '@assent/core/banner';
import type { StoredConsentKey } from '@assent/core/banner';
import type { Property } from '@assent/core/property';
import {
  BANNER_TOKENS,
  inlineJson,
  originBelongsToSite,
  replaceToken,
  siteOrigins,
} from '@assent/core/tags';
import { properties } from '../repositories/properties';
import type { GroupHandlers } from '../routes/context';
import { NOT_FOUND_MESSAGE } from '../routes/errors';
import { isSecure, refererOrigin } from './http';
import type { BannerRuntime } from './runtime';

interface Params {
  pCode: string;
  group: string;
}

/** The cookies of a group live under its own path, so groups on one Assent server never mix. */
const groupPath = (p: Params) =>
  `/banner/group/${encodeURIComponent(p.pCode)}/${encodeURIComponent(p.group)}/`;

/** The account's 'service group' sites sharing this group URL key. */
async function groupMembers(runtime: BannerRuntime, p: Params): Promise<Property[]> {
  if (!/^g[0-9a-z]{1,16}$/.test(p.group)) return [];
  const sites = await properties.list(runtime.deps.db, p.pCode, { type: 'SITE' });
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

type GroupRoutes = Pick<Routes['banner'], 'groupFrame' | 'groupRead' | 'groupWrite'>;

/**
 * The group's storage for the runtime: the iframe page (dist/group-frame.js with the group's site
 * origins) and the API (GET and PUT of stored consent JSON). Both keep consent in cookies on the
 * Assent origin under the group's path; only the group's sites may read or write them (the API's
 * origin rule: 404 for an unknown group, 403 for another site).
 */
export function groupHandlers(runtime: BannerRuntime): GroupHandlers<GroupRoutes> {
  const { config } = runtime.deps;
  const origins = async (params: Params) => {
    const members = await membersOrNotFound(runtime, params);
    return (origin: string) => belongs(origin, members);
  };

  return {
    async groupFrame({ params }, { request }) {
      const members = await membersOrNotFound(runtime, params);
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
      const cookieAttributes = isSecure(request, config)
        ? ';SameSite=None;Secure'
        : ';SameSite=Lax';
      const shim = `(function(d,p,a){var c=Object.getOwnPropertyDescriptor(Document.prototype,'cookie');Object.defineProperty(d,'cookie',{configurable:true,get:function(){return c.get.call(d)},set:function(v){c.set.call(d,String(v).replace(/;\\s*path=[^;]*/i,'').replace(/;\\s*samesite=[^;]*/i,'').replace(/;\\s*secure/i,'')+';path='+p+a)}})})(document,${inlineJson(groupPath(params))},${inlineJson(cookieAttributes)});`;
      return {
        headers: {
          'content-security-policy': `default-src 'none'; script-src 'unsafe-inline'; frame-ancestors ${list.join(' ') || "'none'"}`,
        },
        body: `<!doctype html><html><head><meta charset="utf-8"><title>Consent storage</title></head><body><script>${shim}\n${frame}</script></body></html>`,
      };
    },

    groupRead: {
      origins,
      async handle(_input, { request }) {
        const values: StoredConsentValues = {};
        for (const [key, name] of Object.entries(CONSENT_COOKIES) as Array<
          [StoredConsentKey, string]
        >) {
          const value = request.cookies[name];
          if (value && STORED_CONSENT_VALUE.test(value)) values[key] = value;
        }
        return values;
      },
    },

    groupWrite: {
      origins,
      async handle({ params, body }, { request, reply }) {
        const secure = isSecure(request, config);
        for (const [key, name] of Object.entries(CONSENT_COOKIES) as Array<
          [StoredConsentKey, string]
        >) {
          const value = body[key];
          if (typeof value !== 'string') continue;
          reply.setCookie(name, value, {
            path: groupPath(params),
            maxAge: CONSENT_LIFETIME_SECONDS,
            // Readable by the group frame page too, so both storage modes of a group share them.
            httpOnly: false,
            secure,
            sameSite: secure ? 'none' : 'lax',
          });
        }
      },
    },
  };
}
