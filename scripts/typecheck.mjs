#!/usr/bin/env node
// Type-checks the root scripts and every workspace package against its own tsconfig
// (core has no DOM or Node types; web has the DOM; server and CLI have Node), two at a time.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');

// Each directory's tsconfig.json, plus a tsconfig.test.json where tests need other types.
const projects = [
  '.',
  ...['packages', 'apps'].flatMap((group) =>
    existsSync(path.join(root, group))
      ? readdirSync(path.join(root, group)).map((name) => path.join(group, name))
      : [],
  ),
].flatMap((dir) =>
  ['tsconfig.json', 'tsconfig.test.json']
    .map((file) => path.join(dir, file))
    .filter((file) => existsSync(path.join(root, file))),
);

function check(config) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', config], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let failed = 0;
const queue = [...projects];
async function worker() {
  for (let config = queue.shift(); config !== undefined; config = queue.shift()) {
    const { code, output } = await check(config);
    process.stdout.write(`  tsc ${config}: ${code === 0 ? 'ok' : 'FAILED'}\n`);
    if (code !== 0) {
      failed += 1;
      process.stdout.write(output);
    }
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed ? 1 : 0);
