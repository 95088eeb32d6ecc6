import { z } from 'zod';
import { defineCommand } from '../command';
import { CliError } from '../errors';
import { openAccountSession } from '../session';

/**
 * `assent tui`: the terminal UI (apps/tui) over the CLI's session, the stored login or
 * ASSENT_URL / ASSENT_TOKEN, in --account, else ASSENT_ACCOUNT, else the chosen account.
 */
export const startTui = defineCommand({
  options: z.object({ account: z.string().optional() }),
  async run(options, ctx): Promise<void> {
    if (!ctx.stdin.isTTY || !ctx.stdout.isTTY)
      throw new CliError('assent tui needs a terminal: run it in a terminal, not in a pipe');
    const session = await openAccountSession(ctx, options.account);
    // Ink draws only the last frame when it thinks it runs in CI (is-in-ci reads CI when ink is
    // imported, below): a person at this terminal needs every frame, so the TTY wins over a CI
    // variable inherited from the shell (a CI job's tmux, a dev container).
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
    const { runTui } = await import('@assent/tui');
    await runTui({
      client: session.client,
      url: session.url,
      account: session.account,
      env: ctx.env,
    });
  },
  render: () => ({}),
});
