import { DOCUMENT_SETTINGS_FIELDS } from '@assent/core/config-as-code';
import { identifierKey, isUuid, propertyIdentifier } from '@assent/core/property';
import type { Property, PropertyListRow } from '@assent/core/property';
import { z } from 'zod';
import { defineCommand, jsonOutput } from '../command';
import { CliError } from '../errors';
import { showValue } from '../output/style';
import { renderTable } from '../output/table';
import type { AccountSession } from '../session';
import { openAccountSession } from '../session';

/** Finds a property by url, packageId (case-insensitive) or uuid; unknown ones name the account. */
export async function resolveProperty(
  session: AccountSession,
  reference: string,
): Promise<PropertyListRow> {
  const byUuid = isUuid(reference);
  const items = await session.client.sites.rows({
    query: { pCode: session.account, ...(byUuid ? {} : { filter: reference }) },
  });
  const key = identifierKey(reference);
  const found = items.find((p) =>
    byUuid
      ? p.uuid.toLowerCase() === reference.toLowerCase()
      : identifierKey(propertyIdentifier(p)) === key,
  );
  if (!found)
    throw new CliError(
      `No property '${reference}' in account ${session.account} (give its url, packageId or uuid; see assent properties list)`,
    );
  return found;
}

export async function getProperty(
  session: AccountSession,
  item: Pick<PropertyListRow, 'uuid' | 'propertyType'>,
): Promise<Property> {
  const input = { params: { id: item.uuid }, query: { pCode: session.account } };
  return item.propertyType === 'APP'
    ? session.client.apps.get(input)
    : session.client.sites.get(input);
}

const PropertyType = z
  .enum(['site', 'app'])
  .transform((t) => (t === 'app' ? ('APP' as const) : ('SITE' as const)));

export const listProperties = defineCommand({
  options: z.object({
    filter: z.string().optional(),
    type: PropertyType.optional(),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    return session.client.sites.rows({
      query: {
        pCode: session.account,
        ...(options.type ? { type: options.type } : {}),
        ...(options.filter ? { filter: options.filter } : {}),
      },
    });
  },
  render(items, options, ctx) {
    if (options.json) return jsonOutput(items);
    if (!items.length) return { stdout: 'No properties.\n' };
    const rows = items.map((p) => ({
      property: propertyIdentifier(p),
      type: p.propertyType === 'APP' ? 'app' : 'site',
      theme: p.themeName ?? p.themeId,
      regulation: p.regulation,
      version: String(p.cmpVersion),
      status: p.editable ? '' : 'pending',
    }));
    return {
      stdout: renderTable(
        [
          { key: 'property', title: 'PROPERTY', min: 20 },
          { key: 'type', title: 'TYPE', min: 4 },
          { key: 'theme', title: 'THEME', min: 10 },
          { key: 'regulation', title: 'REGULATION', min: 10 },
          { key: 'version', title: 'VERSION', min: 7 },
          { key: 'status', title: 'STATUS', min: 7 },
        ],
        rows,
        ctx,
      ),
    };
  },
});

export const showProperty = defineCommand({
  options: z.object({
    property: z.string().trim().min(1),
    json: z.boolean().default(false),
    account: z.string().optional(),
  }),
  async run(options, ctx) {
    const session = await openAccountSession(ctx, options.account);
    return getProperty(session, await resolveProperty(session, options.property));
  },
  render(property, options, ctx) {
    if (options.json) return jsonOutput(property);
    const rows = [
      { field: 'identifier', value: propertyIdentifier(property) },
      { field: 'type', value: property.propertyType === 'APP' ? 'app' : 'site' },
      { field: 'uuid', value: property.uuid },
      { field: 'siteId', value: String(property.siteId) },
      { field: 'theme', value: `${property.themeName ?? ''} (${property.themeId})`.trim() },
      { field: 'editable', value: String(property.editable) },
      { field: 'updatedAt', value: property.updatedAt },
      ...DOCUMENT_SETTINGS_FIELDS.map((field) => ({ field, value: showValue(property[field]) })),
    ];
    return {
      stdout: renderTable(
        [
          { key: 'field', title: 'FIELD', min: 12 },
          // Every setting in full: long values wrap onto more lines, never cut.
          { key: 'value', title: 'VALUE', min: 20, wrap: true },
        ],
        rows,
        ctx,
      ),
    };
  },
});
