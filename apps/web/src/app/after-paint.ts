/** How long hydration waits for the first paint (a hidden tab paints none). */
export const HYDRATION_PAINT_WAIT_MS = 100;

/**
 * Settles once the browser has painted a frame (the task after the next animation frame), or after
 * `waitMs` in a tab that paints none (hidden): the server's markup shows before hydration takes the
 * main thread.
 */
export const afterPaint = (waitMs = HYDRATION_PAINT_WAIT_MS) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
