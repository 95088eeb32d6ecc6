import { describe, expect, it } from 'vitest';
import type { PreviewAction, PreviewState } from './preview';
import {
  PREVIEW_COOKIES,
  PREVIEW_FRAME_CSP,
  PREVIEW_MESSAGE_TYPE,
  PreviewResult,
  previewFrameDocument,
  previewReducer,
} from './preview';

const run = (...actions: PreviewAction[]) =>
  actions.reduce<PreviewState>(previewReducer, { status: 'closed' });

describe('preview', () => {
  it('shows a spinner while the preview is fetched, then the script', () => {
    expect(run({ type: 'open' })).toEqual({ status: 'fetching' });
    expect(run({ type: 'open' }, { type: 'result', result: { script: 'x()' } })).toEqual({
      status: 'ready',
      script: 'x()',
    });
  });

  it('shows the preview error for an error result or a failed call', () => {
    const message = 'There was an error showing the preview, please close and try again';
    expect(run({ type: 'open' }, { type: 'result', result: { error: 'boom' } })).toEqual({
      status: 'failed',
      message,
      detail: 'boom',
    });
    expect(run({ type: 'open' }, { type: 'failed' })).toEqual({ status: 'failed', message });
  });

  it('Close cleans up, and a late result after Close is ignored', () => {
    expect(
      run({ type: 'open' }, { type: 'close' }, { type: 'result', result: { script: 'x' } }),
    ).toEqual({
      status: 'closed',
    });
  });

  it('parses either a script or an error', () => {
    expect(PreviewResult.parse({ script: 's' })).toEqual({ script: 's' });
    expect(PreviewResult.parse({ error: 'e' })).toEqual({ error: 'e' });
    expect(PreviewResult.safeParse({}).success).toBe(false);
  });

  it('deletes the personalisation, two pub-consent and two consent cookies (v2 included)', () => {
    expect(PREVIEW_COOKIES).toHaveLength(5);
    expect(PREVIEW_COOKIES).toContain('euconsent-v2');
    expect(PREVIEW_COOKIES.filter((c) => c.startsWith('eupubconsent'))).toHaveLength(2);
  });

  it('the frame deletes the consent cookies and runs only a same-origin message from its parent', () => {
    const html = previewFrameDocument();
    for (const cookie of PREVIEW_COOKIES) expect(html).toContain(`"${cookie}"`);
    expect(html).toContain('e.source!==parent||e.origin!==location.origin');
    expect(html).toContain(JSON.stringify(PREVIEW_MESSAGE_TYPE));
    expect(PREVIEW_FRAME_CSP).toContain("frame-ancestors 'self'");
  });
});
