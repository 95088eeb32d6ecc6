import { readFileSync } from 'node:fs';
import type { ServerConfig } from '../config';
import { migrate, openDatabase } from '../db';
import type { AdminEndpointInfo } from './admin-endpoint';
import { adminEndpointFile } from './admin-endpoint';
import type { OperationInput, OperationName, OperationResult } from './operations';
import { OperatorError, runOperationOn } from './operations';

/** Whether a process with this id runs (EPERM: it does, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The endpoint file of a server that runs on this data directory, if one does. */
function runningServer(config: Pick<ServerConfig, 'dataDir'>): AdminEndpointInfo | undefined {
  const file = adminEndpointFile(config.dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new OperatorError(
      `Cannot read ${file} (${code}): run this command as the user that runs the Assent server`,
    );
  }
  let info: AdminEndpointInfo;
  try {
    info = JSON.parse(text) as AdminEndpointInfo;
  } catch {
    return undefined;
  }
  // A file left by a server that was killed: nobody holds the data directory.
  return processRuns(info.pid) ? info : undefined;
}

/** Which way an operator command went. */
export type OperatorPath = 'server' | 'database';

/**
 * Runs an operator command: through the admin endpoint when a server runs on this data directory
 * (the embedded database admits one process, and a running server's caches see the change), else
 * on the database directly. A server that runs but does not answer is an error, never a reason
 * to open its database beside it.
 */
export async function runOperation<N extends OperationName>(
  name: N,
  input: OperationInput<N>,
  config: ServerConfig,
): Promise<{ result: OperationResult<N>; via: OperatorPath }> {
  const server = runningServer(config);
  if (server) {
    let response: Response;
    try {
      response = await fetch(`${server.url}/operator/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new OperatorError(
        `The Assent server (process ${server.pid}) runs on ${config.dataDir}, but its admin endpoint ${server.url} did not answer (${cause}). Try again, or stop the server to work on the database directly.`,
      );
    }
    const body = (await response.json().catch(() => ({}))) as {
      result?: OperationResult<N>;
      message?: string;
    };
    if (!response.ok)
      throw new OperatorError(body.message ?? `The admin endpoint answered ${response.status}`);
    return { result: body.result as OperationResult<N>, via: 'server' };
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return {
      result: await runOperationOn({ db, now: () => new Date() }, name, input),
      via: 'database',
    };
  } finally {
    await db.close();
  }
}
