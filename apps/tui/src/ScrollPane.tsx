import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Palette } from './terminal';

/** How far a detail pane can scroll, written by the pane as it draws (read by the key handler). */
export interface ScrollRange {
  max: number;
}

/**
 * A pane of one-row lines that shows `height` of them from `scroll`: a detail longer than the
 * screen is scrolled (j/k) instead of squeezed. The last row says how much is below.
 */
export function ScrollPane({
  lines,
  height,
  scroll,
  range,
  palette,
}: {
  lines: readonly ReactNode[];
  height: number;
  scroll: number;
  range?: ScrollRange | undefined;
  palette: Palette;
}) {
  const fits = lines.length <= height;
  // One row is kept for the "more" line when the lines do not fit.
  const room = fits ? height : Math.max(1, height - 1);
  const max = fits ? 0 : lines.length - room;
  if (range) range.max = max;
  const start = Math.min(Math.max(0, scroll), max);
  const below = lines.length - start - room;
  return (
    <Box flexDirection="column">
      {lines.slice(start, start + room).map((line, i) => (
        <Box key={start + i} height={1} overflow="hidden">
          {typeof line === 'string' ? <Text wrap="truncate-end">{line}</Text> : line}
        </Box>
      ))}
      {fits ? null : (
        <Text color={palette.muted}>
          {below > 0
            ? `↓ ${below} more line${below === 1 ? '' : 's'} (j/k scroll)`
            : `↑ ${start} line${start === 1 ? '' : 's'} above (k scrolls back)`}
        </Text>
      )}
    </Box>
  );
}
