import type { AssentClient } from '@assent/core/api';
import { themeQuery } from '@assent/core/queries';
import type { ThemeListItem, ThemeText } from '@assent/core/theme';
import { themeTextsByLanguage } from '@assent/core/theme';
import { useQuery } from '@tanstack/react-query';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { Field, LABEL_CELLS, describeError } from './parts';
import type { ScrollRange } from './ScrollPane';
import { ScrollPane } from './ScrollPane';
import type { Palette } from './terminal';
import { fit, plainText } from './terminal';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Every colour of a theme (any field holding a hex colour), by its path. */
function coloursOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return HEX.test(value) ? [[path, value]] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => coloursOf(v, path ? `${path}.${k}` : k));
}

/** The first layer's texts as the theme detail lists them, in the banner's order. */
const TEXT_ROWS = [
  ['privacyHeader', 'Header'],
  ['privacyBody', 'Body'],
  ['agreeButton', 'Accept button'],
  ['disagreeButton', 'Reject button'],
  ['moreOptionsButton', 'Second button'],
] as const;

/** Where a standard text stands in for an empty one. */
export const STANDARD_TEXT_MARK = '(standard)';

/**
 * A theme's detail: type, regulation and GVL version, its banner texts per language (its own
 * language first, then its Advanced Customisation languages; a standard text is marked), then its
 * colours as swatches. Longer than the pane, it scrolls.
 */
export function ThemeDetail({
  theme,
  client,
  account,
  palette,
  width,
  height,
  scroll,
  range,
}: {
  theme: ThemeListItem;
  client: AssentClient;
  account: string;
  palette: Palette;
  width: number;
  height: number;
  scroll: number;
  range?: ScrollRange | undefined;
}) {
  const full = useQuery(themeQuery(client, account, theme.themeId));
  const muted = (text: string) => (
    <Text color={palette.muted} wrap="truncate-end">
      {text}
    </Text>
  );
  const languages = full.data ? themeTextsByLanguage(full.data) : [];
  const lines: ReactNode[] = [
    <Text bold color={palette.accent} wrap="truncate-end">
      {theme.themeName}
    </Text>,
    <Field label="Type" value={theme.themeType} />,
    <Field label="Regulation" value={theme.regulation} />,
    <Field label="GVL version" value={String(theme.gvlVersion)} />,
    <Field label="Languages" value={languages.map((l) => l.language).join(', ') || '-'} />,
  ];
  if (full.isPending) lines.push(muted('Loading…'));
  else if (full.error)
    lines.push(
      <Text color={palette.error} wrap="truncate-end">
        {describeError(full.error, '')}
      </Text>,
    );
  const valueWidth = Math.max(10, width - LABEL_CELLS - 2);
  const shown = (t: ThemeText, wrap: number) => {
    const text = plainText(t.text);
    // The body runs over a few lines; the rest is cut with an ellipsis.
    const parts = text.match(new RegExp(`.{1,${valueWidth}}(\\s|$)`, 'g')) ?? [text];
    const kept = parts.slice(0, wrap).map((p) => p.trim());
    if (parts.length > wrap) kept[wrap - 1] = fit(`${kept[wrap - 1]} …`, valueWidth);
    return kept;
  };
  if (languages.length) lines.push(<Text bold>Texts</Text>);
  for (const { language, texts } of languages) {
    const own = language === full.data?.language;
    lines.push(
      <Text bold color={palette.accent} wrap="truncate-end">
        {`  ${language}${own ? ' (the theme’s language)' : ' (Advanced Customisation)'}`}
      </Text>,
    );
    for (const [key, label] of TEXT_ROWS) {
      const t = texts[key];
      const values = shown(t, key === 'privacyBody' ? 3 : 1);
      values.forEach((value, i) =>
        lines.push(
          <Text wrap="truncate-end">
            {fit(i === 0 ? `    ${label}` : '', LABEL_CELLS)}
            {value}
            {i === values.length - 1 && t.standard ? (
              <Text color={palette.muted}>{` ${STANDARD_TEXT_MARK}`}</Text>
            ) : null}
          </Text>,
        ),
      );
    }
  }
  const colours = full.data ? coloursOf(full.data) : [];
  if (colours.length) lines.push(<Text bold>Colours</Text>);
  for (const [name, hex] of colours)
    lines.push(
      <Text wrap="truncate-end">
        {palette.color ? <Text backgroundColor={hex}>{'    '}</Text> : '[ ] '} {fit(name, 28)} {hex}
      </Text>,
    );
  return (
    <ScrollPane lines={lines} height={height} scroll={scroll} range={range} palette={palette} />
  );
}
