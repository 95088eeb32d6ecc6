import { listRoutes } from '@assent/core/api';
import type { AnyRoute, RouteTable } from '@assent/core/api';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(
  schema: z.ZodType | undefined,
  io: 'input' | 'output',
): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function parameters(route: AnyRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    const json = toJsonSchema(schema, 'input') as
      { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
    for (const [name, property] of Object.entries(json?.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === 'path' || (json?.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
}

const ACCESS_NOTE: Record<AnyRoute['access']['kind'], string> = {
  public: 'Public.',
  user: 'Signed-in user (session cookie or personal access token).',
  account: 'Member of the account code.',
  admin: 'Administrator.',
};

const CORS_NOTE: Record<AnyRoute['cors']['kind'], string> = {
  none: '',
  embed: ' Loadable by other sites (Cross-Origin-Resource-Policy: cross-origin).',
  any: ' Readable by any page (Access-Control-Allow-Origin: *).',
  credentialed:
    " Called with the visitor's cookies from the property's pages: credentialed CORS, with a preflight (OPTIONS).",
  beacon:
    " Posted from the property's own pages (Origin checked against the property), without cookies; a preflight (OPTIONS) is answered.",
};

const CACHE_NOTE: Record<NonNullable<AnyRoute['cache']>, string> = {
  'no-store': ' Never cached (no-store).',
  'no-cache': ' Revalidated on every use (private, no-cache).',
  revalidate:
    ' Revalidated on every use (private, no-cache, stale-if-error=86400) with a strong ETag (304), brotli or gzip.',
  'public-hour':
    ' Cached for an hour by anyone (public, max-age=3600) with a strong ETag, brotli or gzip.',
  short:
    ' Kept 5 minutes, then used while revalidated in the background (private, max-age=300, stale-while-revalidate=604800, stale-if-error=86400), with a strong ETag (304), brotli or gzip.',
  minute:
    " Kept a minute by the user's browser (private, max-age=60, Vary: Cookie) with a strong ETag (304), brotli or gzip; the console revalidates later reads.",
  immutable:
    ' Cached for a year by anyone (public, max-age=31536000, immutable) with a strong ETag, brotli or gzip.',
};

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim();

function successContent(route: AnyRoute): JsonSchema | undefined {
  switch (route.responseKind) {
    case 'json':
      return { 'application/json': { schema: toJsonSchema(route.response, 'output') } };
    case 'text':
      return { [mediaType(route.contentType ?? 'text/plain')]: { schema: { type: 'string' } } };
    case 'binary':
      return {
        [mediaType(route.contentType ?? 'application/octet-stream')]: {
          schema: { type: 'string', format: 'binary' },
        },
      };
    case 'empty':
      return undefined;
  }
}

/** The OpenAPI 3.1 document, generated from the core route table (served at /api/openapi.json). */
export function openApiDocument(table: RouteTable, publicUrl?: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { group, name, route } of listRoutes(table)) {
    const operation: JsonSchema = {
      operationId: `${group}.${name}`,
      tags: [group],
      summary: route.summary,
      description: [
        ACCESS_NOTE[route.access.kind],
        route.sessionless ? " The Assent session is not read (visitors on publishers' pages)." : '',
        route.rateLimited
          ? ' Rate-limited per IP and per account (sign-in: increasing delays after failures).'
          : '',
        CORS_NOTE[route.cors.kind],
        route.cache ? CACHE_NOTE[route.cache] : '',
        route.bodyLimit ? ` Body at most ${route.bodyLimit} bytes (413 above).` : '',
      ].join(''),
      parameters: parameters(route),
      responses: {
        [String(route.status)]: {
          description: route.responseKind === 'empty' ? 'Success (no content)' : 'Success',
          ...(successContent(route) ? { content: successContent(route) } : {}),
        },
        default: {
          description: 'Error: {status, message, fields}',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      ...(route.access.kind === 'public' ? { security: [] } : {}),
    };
    if (route.body) {
      const schema = toJsonSchema(route.body, 'input');
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema },
          // navigator.sendBeacon and amp-consent post the JSON as text/plain.
          ...(route.textBody ? { 'text/plain': { schema } } : {}),
        },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assent API',
      version: '0.1.0',
      description:
        "Consent management: properties, themes, vendors, tags, bulk updates, identity and reports; and the consent runtime's public endpoints under /banner/ (group `banner`).",
    },
    ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: publicUrl?.startsWith('https://') ? '__Host-assent_session' : 'assent_session',
          description:
            'Set by sign-in: `__Host-assent_session` over https, `assent_session` on plain http.',
        },
        token: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token (POST /auth/tokens).',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'message'],
          properties: {
            status: { type: 'string' },
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    security: [{ session: [] }, { token: [] }],
    paths,
  };
}
