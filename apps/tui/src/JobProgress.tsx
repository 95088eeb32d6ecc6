import { ProgressBar, ThemeProvider, defaultTheme, extendTheme } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { Palette } from './terminal';

/** Cells of the progress bar. */
const BAR_CELLS = 20;

/**
 * A bulk update's progress as a bar (`@inkjs/ui`'s ProgressBar, in the TUI's palette: no colour
 * with NO_COLOR, the bar's two characters still tell done from to do) and its percentage.
 */
export function JobProgress({
  finished,
  total,
  palette,
}: {
  /** Properties updated or failed. */
  finished: number;
  total: number;
  palette: Palette;
}) {
  const theme = useMemo(
    () =>
      extendTheme(defaultTheme, {
        components: {
          ProgressBar: {
            styles: {
              completed: () => ({ color: palette.accent }),
              remaining: () => ({ dimColor: palette.color }),
            },
          },
        },
      }),
    [palette],
  );
  const percent = total > 0 ? Math.round((finished / total) * 100) : 100;
  return (
    <Box>
      <Box width={BAR_CELLS}>
        <ThemeProvider theme={theme}>
          <ProgressBar value={percent} />
        </ThemeProvider>
      </Box>
      <Text>{` ${String(percent).padStart(3)}%  `}</Text>
    </Box>
  );
}
