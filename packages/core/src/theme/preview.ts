import { z } from 'zod';
import { PREVIEW_ERROR } from './messages';
import { ThemeSettings } from './schema';

/**
 * Full-screen preview (PREVIEW GDPR MODE): the unsaved form values go to the server, which answers
 * with the banner script for them; the console injects a consent-tool stub and that script into an
 * iframe after deleting the consent cookies, so the banner shows as to a first-time visitor.
 */

/** The preview call's body: the unsaved theme. */
export const PreviewRequest = ThemeSettings;

/** The preview call's answer: the generated script, or an error value. */
export const PreviewResult = z.union([
  z.object({ script: z.string() }),
  z.object({ error: z.string() }),
]);
export type PreviewResult = z.infer<typeof PreviewResult>;

/**
 * The cookies deleted before a preview: the personalisation cookie, the two publisher-consent
 * cookies and the two consent cookies (v1 and v2).
 */
export const PREVIEW_COOKIES = [
  'assent-personalization',
  'eupubconsent',
  'eupubconsent-v2',
  'euconsent',
  'euconsent-v2',
] as const;

/** The preview modal; `fetching` is the spinner. */
export type PreviewState =
  | { status: 'closed' }
  | { status: 'fetching' }
  | { status: 'ready'; script: string }
  /** `message` is what the modal shows; `detail` is the server's error value, for the log. */
  | { status: 'failed'; message: string; detail?: string };

export type PreviewAction =
  | { type: 'open' }
  | { type: 'result'; result: PreviewResult }
  | { type: 'failed' }
  | { type: 'close' };

/** Open requests a preview; a result shows it, an error shows the preview error; Close cleans up. */
export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'open':
      return { status: 'fetching' };
    case 'result':
      if (state.status !== 'fetching') return state;
      return 'script' in action.result
        ? { status: 'ready', script: action.result.script }
        : { status: 'failed', message: PREVIEW_ERROR, detail: action.result.error };
    case 'failed':
      return state.status === 'fetching' ? { status: 'failed', message: PREVIEW_ERROR } : state;
    case 'close':
      return { status: 'closed' };
  }
}

/**
 * The iframe document of a ready preview: the consent-tool stub first (so vendors' calls queue),
 * then the generated script. `</script` inside either is escaped so neither can close its tag.
 */
export function previewDocument(stub: string, script: string): string {
  const safe = (code: string) => code.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><script>${safe(stub)}</script><script>${safe(script)}</script></head><body></body></html>`;
}
