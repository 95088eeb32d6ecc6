import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, HYDRATION_PAINT_WAIT_MS } from './after-paint';

/** Whether `promise` has settled, read after the timers advanced. */
function watch(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

describe('afterPaint (hydration waits for the server markup to be painted)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('settles in the task after the next frame, not before that frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const paint = watch(afterPaint());
    await vi.advanceTimersByTimeAsync(50);
    expect(paint.settled).toBe(false);
    frames.forEach((callback) => callback(performance.now()));
    expect(paint.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(paint.settled).toBe(true);
  });

  it(`settles after ${HYDRATION_PAINT_WAIT_MS} ms in a tab that paints no frame (hidden)`, async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const paint = watch(afterPaint());
    await vi.advanceTimersByTimeAsync(HYDRATION_PAINT_WAIT_MS - 1);
    expect(paint.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(paint.settled).toBe(true);
  });
});
