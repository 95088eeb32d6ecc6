import type { AssentClient } from '@assent/core/api';
import { createQueryClientDefaults } from '@assent/core/queries';
import { QueryClient } from '@tanstack/react-query';
import { render } from 'ink';
import type { Instance, RenderOptions } from 'ink';
import { createElement } from 'react';
import { App } from './App';
import { osc52, paletteFor } from './terminal';

export { App } from './App';

/**
 * How Ink draws assent tui. Incremental rendering writes only the lines that changed since the
 * last frame, and nothing when the frame is the same (a refetch of unchanged data): no flicker.
 * The UI is one line shorter than the terminal (App's height), because Ink clears the whole
 * terminal and redraws every frame once a frame fills it.
 */
export const TUI_RENDER_OPTIONS = {
  exitOnCtrlC: true,
  incrementalRendering: true,
} as const satisfies RenderOptions;

/** The terminal's streams (the process's by default; a test passes its own, unpatched console). */
interface Streams {
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  patchConsole?: boolean;
}

interface TuiOptions extends Streams {
  client: AssentClient;
  url: string;
  account: string;
  env?: Record<string, string | undefined>;
}

/** Draws the UI with assent tui's render options; the caller waits for its exit. */
export function startTui(options: TuiOptions): { instance: Instance; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: createQueryClientDefaults() });
  const stdout = options.stdout ?? process.stdout;
  const instance = render(
    createElement(App, {
      client: options.client,
      queryClient,
      url: options.url,
      account: options.account,
      palette: paletteFor(options.env ?? process.env),
      copy: (text) => stdout.write(osc52(text)),
    }),
    {
      ...TUI_RENDER_OPTIONS,
      stdout,
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stderr ? { stderr: options.stderr } : {}),
      ...(options.patchConsole === false ? { patchConsole: false } : {}),
    },
  );
  return { instance, queryClient };
}

/** Starts the terminal UI on the process's terminal; resolves when the user quits with q. */
export async function runTui(options: TuiOptions): Promise<void> {
  // The alternate screen, as full-screen programs use (the shell's screen comes back on quit),
  // with the cursor at its top: Ink draws from where the cursor is.
  process.stdout.write('\u001b[?1049h\u001b[H');
  const { instance, queryClient } = startTui(options);
  try {
    await instance.waitUntilExit();
  } finally {
    process.stdout.write('\u001b[?1049l');
    queryClient.clear();
  }
}
