import type { AssentClient } from '@assent/core/api';
import { createQueryClientDefaults } from '@assent/core/queries';
import { QueryClient } from '@tanstack/react-query';
import { render } from 'ink';
import { createElement } from 'react';
import { App } from './App';
import { osc52, paletteFor } from './terminal';

export { App } from './App';

/** Starts the terminal UI on the process's terminal; resolves when the user quits with q. */
export async function runTui(options: {
  client: AssentClient;
  url: string;
  account: string;
  env?: Record<string, string | undefined>;
}): Promise<void> {
  const queryClient = new QueryClient({ defaultOptions: createQueryClientDefaults() });
  // The alternate screen, as full-screen programs use: the shell's screen comes back on quit.
  process.stdout.write('\u001b[?1049h');
  const instance = render(
    createElement(App, {
      client: options.client,
      queryClient,
      url: options.url,
      account: options.account,
      palette: paletteFor(options.env ?? process.env),
      copy: (text) => process.stdout.write(osc52(text)),
    }),
    { exitOnCtrlC: true },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    process.stdout.write('\u001b[?1049l');
    queryClient.clear();
  }
}
