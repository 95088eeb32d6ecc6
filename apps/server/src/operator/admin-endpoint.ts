import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Db } from '../db';
import type { Logger } from '../services/logger';
import { randomToken, safeEqual } from '../services/secrets';
import { OperatorError, isOperationName, runOperationOn } from './operations';

/**
 * The admin endpoint of a running server: operators' commands reach the one process that holds
 * the embedded database through it. It listens on 127.0.0.1 only (a random port) and takes a
 * secret that only the server's user can read: both are in ADMIN_ENDPOINT_FILE in the data
 * directory, written with mode 0600 at start and removed at shutdown.
 */

export const ADMIN_ENDPOINT_FILE = 'admin-endpoint.json';

/** What the file holds: where the endpoint listens, its secret, and the server's process id. */
export interface AdminEndpointInfo {
  url: string;
  secret: string;
  pid: number;
}

export const adminEndpointFile = (dataDir: string): string =>
  path.join(dataDir, ADMIN_ENDPOINT_FILE);

/** The largest request body (an announcement's text is the largest input). */
const BODY_LIMIT = 256 * 1024;

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new OperatorError('The request is too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    throw new OperatorError('The request body is not JSON');
  }
}

export interface AdminEndpoint {
  url: string;
  close(): Promise<void>;
}

/** Starts the endpoint and writes its file (0600); `close` stops it and removes the file. */
export async function startAdminEndpoint(options: {
  db: Db;
  now: () => Date;
  dataDir: string;
  logger: Logger;
  /** After each command (it may change a user's admin flag or memberships): the callers cache forgets. */
  afterOperation?: () => void;
}): Promise<AdminEndpoint> {
  const { db, now, logger } = options;
  const secret = randomToken();
  const server = createServer((req, res) => {
    void (async () => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!isLoopback(req.socket.remoteAddress) || !safeEqual(bearer, secret))
        return send(res, 401, { message: 'Not authorised' });
      const name = /^\/operator\/([A-Za-z]+)$/.exec(req.url ?? '')?.[1] ?? '';
      if (req.method !== 'POST' || !isOperationName(name))
        return send(res, 404, { message: `No operator command ${req.method} ${req.url}` });
      try {
        const result = await runOperationOn({ db, now }, name, await readBody(req)).finally(() =>
          options.afterOperation?.(),
        );
        logger.info({ operation: name }, 'operator command');
        send(res, 200, { result });
      } catch (error) {
        if (error instanceof OperatorError) return send(res, 400, { message: error.message });
        logger.error({ operation: name, err: (error as Error).message }, 'operator command failed');
        send(res, 500, { message: `The server failed: ${(error as Error).message}` });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file = adminEndpointFile(options.dataDir);
  const info: AdminEndpointInfo = { url, secret, pid: process.pid };
  // Written aside and renamed, so a reader never sees half a file or a wider mode.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return {
    url,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        // Only our own file: a second server may have started on the data directory since.
        const current = JSON.parse(readFileSync(file, 'utf8')) as AdminEndpointInfo;
        if (current.secret === secret) rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
