import { runUntilSignalled } from './index';

runUntilSignalled().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`assent: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
