import type { AnyRoute, RouteParsedInput, RouteTable } from '@assent/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { VisitSink } from '../analytics/visit-sink';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../services/logger';
import type { LruCache } from '../services/lru';
import type { Mailer } from '../services/mailer';
import type { ExternalLists } from '../services/external-lists';

/** Everything the routes need, built once in main and passed down (no global state). */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  lists: ExternalLists;
  logger: Logger;
  /** The clock; tests fix it. */
  now: () => Date;
  /** Properties lists as ready-to-send JSON, keyed by account, content version and options. */
  propertyLists: LruCache<string, RawJson>;
  /** Where the visit endpoints hand page views (closed on shutdown, before the database). */
  visits: VisitSink;
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
  contentType: string;
  /** Sent as an attachment with this name. */
  filename?: string;
  headers?: Record<string, string>;
}

/**
 * A JSON body already serialised (by the database, say). Sent as is; checked against the route's
 * schema only when responses are validated (tests).
 */
export class RawJson {
  private encoded: Buffer | undefined;
  constructor(
    readonly text: string,
    /** Sent as ETag; a request whose If-None-Match matches gets 304 Not Modified. */
    readonly etag?: string,
  ) {}

  /** The UTF-8 body, encoded once: a cached RawJson is sent again without re-encoding its text. */
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.text, 'utf8'));
  }
}

type Output<R extends AnyRoute> = R['responseKind'] extends 'json'
  ? z.input<R['response']> | RawJson
  : FileReply;

export type Handler<R extends AnyRoute> = (
  input: RouteParsedInput<R>,
  ctx: HandlerContext,
) => Promise<Output<R>>;

/** One handler per route of a group, checked by the compiler against the route table. */
export type GroupHandlers<G extends Record<string, AnyRoute>> = { [K in keyof G]: Handler<G[K]> };

export type TableHandlers<T extends RouteTable> = { [G in keyof T]: GroupHandlers<T[G]> };
