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

/** The message the console posts into the preview frame: the generated script. */
export const PREVIEW_MESSAGE_TYPE = 'assent-preview';

/**
 * The preview frame (GET /banner/preview/frame, framed by the console only): it deletes the
 * consent cookies, then runs the one script its parent window posts from the same origin (the
 * stub and cmp.js the preview call generated). The console's own pages forbid inline scripts, so
 * the banner runs here, under the frame's own policy, and never in a srcdoc of the console.
 */
export function previewFrameDocument(): string {
  const bootstrap = `(function(){var c=${JSON.stringify(PREVIEW_COOKIES)};for(var i=0;i<c.length;i++){document.cookie=c[i]+'=; Max-Age=0; path=/';}var done=false;addEventListener('message',function(e){var d=e.data;if(done||e.source!==parent||e.origin!==location.origin||!d||d.type!==${JSON.stringify(PREVIEW_MESSAGE_TYPE)}||typeof d.script!=='string')return;done=true;var s=document.createElement('script');s.textContent=d.script;document.head.appendChild(s);});})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Preview</title><script>${bootstrap}</script></head><body></body></html>`;
}

/** The frame's policy: its own inline bootstrap and the posted script run; only the console frames it. */
export const PREVIEW_FRAME_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
