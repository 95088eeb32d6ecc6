import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts `assent server` (from source) on a data directory and waits for its URL. */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ASSENT_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ASSENT_LOG_LEVEL: 'warn',
      // Tests post many visits from one address.
      ASSENT_VISIT_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /Assent is running: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Signs in with a password; the session cookie and the first account code. */
export async function signIn(
  url: string,
  email: string,
  password: string,
): Promise<{ cookie: string; pcode: string }> {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { pcodes: string[] };
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, pcode: body.pcodes[0]! };
}
