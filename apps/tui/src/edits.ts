import type { AssentClient } from '@assent/core/api';
import type { PropertyListItem, PropertyValues } from '@assent/core/property';
import {
  PropertySettings,
  nextRegulation,
  propertyIdentifier,
  regulationLabel,
  regulationsOf,
  validateProperty,
} from '@assent/core/property';
import {
  applyCacheEffects,
  propertyInitQuery,
  propertyQuery,
  propertySaveMutation,
  sendProperty,
} from '@assent/core/queries';
import type { QueryCacheLike } from '@assent/core/queries';
import type { QueryClient } from '@tanstack/react-query';

/** The light edits of a property the terminal offers (R and T), each confirmed with y/n. */
export type PropertyEditKind = 'regulation' | 'theme';

/** An edit checked by core's rules and ready to save once confirmed. */
export interface PreparedEdit {
  item: PropertyListItem;
  values: PropertyValues;
  /** The question of the status line, ending in y/n. */
  prompt: string;
}

/**
 * Reads the property and its form's init data (the console's queries), makes the change as the
 * property form would (core's `nextRegulation`, or the next theme of the property's type) and
 * checks the result with core's `validateProperty` and the console's context. A broken rule
 * comes back as its message (and field): nothing is asked and nothing saved.
 */
export async function prepareEdit(
  queryClient: QueryClient,
  client: AssentClient,
  pCode: string,
  item: PropertyListItem,
  kind: PropertyEditKind,
): Promise<{ ok: true; edit: PreparedEdit } | { ok: false; message: string }> {
  const [property, init] = await Promise.all([
    queryClient.fetchQuery(
      propertyQuery(client, { pCode, id: item.uuid, propertyType: item.propertyType }),
    ),
    queryClient.fetchQuery(propertyInitQuery(client, pCode, item.propertyType)),
  ]);
  const values = PropertySettings.parse(property);
  const name = propertyIdentifier(item);
  let next: PropertyValues;
  let change: string;
  if (kind === 'regulation') {
    next = nextRegulation(values);
    change = `the regulation of ${name}: ${regulationLabel(regulationsOf(values))} → ${regulationLabel(regulationsOf(next))}`;
  } else {
    // Only themes of the property's type are offered (another type is refused by the rules).
    const themes = init.themes.filter((t) => t.themeType === values.propertyType);
    const at = themes.findIndex((t) => t.themeId === values.themeId);
    const theme = themes[(at + 1) % Math.max(1, themes.length)];
    if (!theme || theme.themeId === values.themeId)
      return { ok: false, message: `${name} has no other theme to choose.` };
    next = { ...values, themeId: theme.themeId };
    const before = themes[at]?.themeName ?? item.themeName ?? values.themeId;
    change = `the theme of ${name}: ${before} → ${theme.themeName}`;
  }
  const checked = validateProperty(next, {
    themes: init.themes,
    consentOrPayEnabled: init.consentOrPayEnabled,
  });
  if (!checked.ok) {
    const [first] = checked.issues;
    return { ok: false, message: `Not saved: ${first!.message} (${first!.field}).` };
  }
  return { ok: true, edit: { item, values: next, prompt: `Change ${change}? y/n` } };
}

/**
 * Saves a confirmed edit through core's `propertySaveMutation` (the console's save path with its
 * logo check) and applies its cache effects: the detail is set, the list read again. Resolves to
 * the status line's text; a refusal of the server rejects.
 */
export async function saveEdit(
  queryClient: QueryClient,
  client: AssentClient,
  pCode: string,
  edit: PreparedEdit,
): Promise<{ text: string; error: boolean }> {
  const spec = propertySaveMutation(
    client,
    pCode,
    sendProperty(client, pCode, edit.item.propertyType, edit.item.uuid),
  );
  const outcome = await spec.mutationFn(edit.values);
  if (outcome.kind === 'logoRejected')
    return { text: `Not saved: ${outcome.message} (publisherLogoUrl).`, error: true };
  await applyCacheEffects(
    queryClient as unknown as QueryCacheLike,
    spec.effects(outcome, edit.values),
  );
  return { text: `${propertyIdentifier(outcome.property)} was saved.`, error: false };
}
