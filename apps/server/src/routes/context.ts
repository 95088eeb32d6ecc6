import type { AnyRoute, RouteParsedInput, RouteTable } from '@assent/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnalyticsStore } from '../analytics/store';
import type { VisitSink } from '../analytics/visit-sink';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import type { SaveRead } from '../repositories/properties';
import type { InteractiveGate } from '../jobs/interactive-first';
import type { JobQueue } from '../jobs/queue';
import type { CallerCache } from '../services/caller-cache';
import type { ContentEncoding } from '../services/http-cache';
import { compressBody } from '../services/http-cache';
import type { Logger } from '../services/logger';
import type { LruCache } from '../services/lru';
import type { LogoChecker } from '../services/logo-check';
import type { DurableSink } from '../analytics/spool-sink';
import type { ConsentRecordInput } from '../banner/consent-sink';
import type { Mailer } from '../services/mailer';
import type { Throttle } from '../services/throttle';
import type { ExternalLists } from '../services/external-lists';

/** Everything the routes need, built once in main and passed down (no global state). */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  /** Where visits are stored and reports read: the database's tables or ClickHouse. */
  analytics: AnalyticsStore;
  mailer: Mailer;
  jobs: JobQueue;
  lists: ExternalLists;
  logger: Logger;
  /** The clock; tests fix it. */
  now: () => Date;
  /**
   * The callers (sessions, tokens) of the last second; whatever ends a session or a token or
   * changes a user's memberships calls `forgetUser` once it has committed.
   */
  callers: CallerCache;
  /** Properties lists as ready-to-send JSON, keyed by account, content version and options. */
  propertyLists: LruCache<string, RawJson>;
  /**
   * Each property's row as this server last wrote it in a single save (with its version and the
   * rule context's fingerprint), keyed by account and uuid: the next save checks against it and
   * writes only if both are unchanged (routes/properties.ts).
   */
  savedProperties: LruCache<string, SaveRead>;
  /** Where the visit endpoints hand page views (closed on shutdown, before the database). */
  visits: VisitSink;
  /** Where the consent beacon hands visitor choices (spooled like visits during an outage). */
  consents: DurableSink<ConsentRecordInput>;
  /** The logo check of the logo-check route and of every save. */
  logos: LogoChecker;
  /** The identity routes' attempt limits and sign-in delays (per address, per account). */
  throttle: Throttle;
  /** The key e-mailed codes are stored under (HMAC), from `ASSENT_DATA_DIR/code-key`. */
  codeKey: Buffer;
  /** Requests in flight, which background jobs let go first (jobs/interactive-first.ts). */
  interactive: InteractiveGate;
}

export interface AuthUser {
  id: number;
  email: string;
  givenName: string;
  familyName: string;
  isAdmin: boolean;
  pcodes: string[];
}

export interface Auth {
  user: AuthUser;
  via: 'session' | 'token';
  sessionId?: string;
  /** The personal access token's name (via 'token'), for the change history. */
  tokenName?: string;
}

export interface HandlerContext {
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller, or null on public routes. */
  auth: Auth | null;
  /** The verified account code of an account route ('' elsewhere). */
  pCode: string;
  /** The signed-in caller; throws UNAUTHORIZED on public routes without one. */
  user(): AuthUser;
}

/** A non-JSON response: a file or plain text. */
export interface FileReply {
  body: string | Buffer;
  /** @default the route's `contentType` */
  contentType?: string;
  /** Sent as an attachment with this name. */
  filename?: string;
  headers?: Record<string, string>;
  /** The ETag of a route with an ETag cache policy. @default a hash of the body */
  etag?: string;
  /** Another Cache-Control than the route's policy (an old build id of a hashed file). */
  cacheControl?: string;
  /**
   * Another status than the route's (cmp.js's 404 script): sent as is, without the route's
   * caching.
   */
  status?: number;
}

/**
 * A JSON body already serialised (by the database, say). Sent as is; checked against the route's
 * schema only when responses are validated (tests).
 */
export class RawJson {
  private encoded: Buffer | undefined;
  private readonly compressed = new Map<ContentEncoding, Buffer>();
  constructor(
    readonly text: string,
    /** Sent as ETag; a request whose If-None-Match matches gets 304 Not Modified. */
    readonly etag?: string,
  ) {}

  /** The UTF-8 body, encoded once: a cached RawJson is sent again without re-encoding its text. */
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.text, 'utf8'));
  }

  /** The body compressed, once per encoding: a cached RawJson is not compressed again per request. */
  compressedAs(encoding: ContentEncoding): Buffer {
    let body = this.compressed.get(encoding);
    if (!body) {
      body = compressBody(this.bytes, encoding);
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

type Output<R extends AnyRoute> = R['responseKind'] extends 'json'
  ? z.input<R['response']> | RawJson
  : R['responseKind'] extends 'empty'
    ? void
    : FileReply;

export type RouteHandler<R extends AnyRoute> = (
  input: RouteParsedInput<R>,
  ctx: HandlerContext,
) => Promise<Output<R>>;

/**
 * Which origins may call a route with checked credentialed CORS: resolves to a test of an origin
 * (throws NOT_FOUND when the resource of the path does not exist). Asked before the body is read,
 * and for the preflight.
 */
export type OriginRule<R extends AnyRoute> = (
  params: RouteParsedInput<R>['params'],
  ctx: HandlerContext,
) => Promise<(origin: string) => boolean>;

/** A route with checked credentialed CORS has an origin rule beside its handler. */
export interface CheckedOriginHandler<R extends AnyRoute> {
  origins: OriginRule<R>;
  handle: RouteHandler<R>;
}

export type Handler<R extends AnyRoute> = R['cors'] extends { origins: 'checked' }
  ? CheckedOriginHandler<R>
  : RouteHandler<R>;

/** One handler per route of a group, checked by the compiler against the route table. */
export type GroupHandlers<G extends Record<string, AnyRoute>> = { [K in keyof G]: Handler<G[K]> };

export type TableHandlers<T extends RouteTable> = { [G in keyof T]: GroupHandlers<T[G]> };
