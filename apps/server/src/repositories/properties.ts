import {
  PROPERTY_TYPE_LABELS,
  PropertyListItem,
  PropertyListRow,
  PropertySettings,
  identifierKey,
  legalBasisOf,
  propertyIdentifier,
  regulationLabel,
  regulationsOf,
} from '@assent/core/property';
import type {
  AbTestingSiteCollection,
  Property,
  PropertyType,
  PropertyValues,
} from '@assent/core/property';
import type { Queryable } from '../db';
import { iso } from '../db';
import { BUMP_CONTENT_VERSION, contentVersions } from './accounts';

type Row = Record<string, unknown>;

const SELECT = `select p.id, p.uuid, p.pcode, p.property_type, p.identifier, p.theme_id, p.cmp_version, p.editable,
  p.config, p.ab_tests, p.created_at, p.updated_at, t.name as theme_name
  from properties p
  left join themes t on t.id::text = p.theme_id and (t.pcode = p.pcode or t.pcode is null)`;

function toProperty(r: Row): Property {
  const config = r.config as PropertyValues;
  return {
    ...config,
    uuid: String(r.uuid),
    siteId: Number(r.id),
    pCode: String(r.pcode),
    themeName: (r.theme_name as string | null) ?? undefined,
    editable: Boolean(r.editable),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    ...(r.ab_tests ? { abTestingSitesCollection: r.ab_tests as AbTestingSiteCollection[] } : {}),
  };
}

/** The stored part of a list row (theme name, editability and update time are added when listed). */
type StoredListItem = Omit<PropertyListItem, 'themeName' | 'editable' | 'updatedAt'>;

function storedListItem(p: PropertyValues, uuid: string, siteId: number): StoredListItem {
  const { consent, legitimate } = legalBasisOf(p);
  return {
    uuid,
    siteId,
    propertyType: p.propertyType,
    ...(p.propertyType === 'APP' ? { packageId: p.packageId ?? '' } : { url: p.url ?? '' }),
    publisherName: p.publisherName,
    themeId: p.themeId,
    regulation: regulationLabel(regulationsOf(p)),
    privacyModes: p.privacyModes,
    consentLocations: p.consentLocations,
    cmpVersion: p.cmpVersion,
    applyToSubDomains: p.applyToSubDomains,
    ampEnabled: p.ampEnabled,
    publisherCC: p.publisherCC,
    gbcEnabled: p.gbcEnabled,
    googleEnabled: p.googleEnabled,
    consentScope: p.consentScope,
    noLegalBasis: p.noLegalBasis,
    purposeIds: consent,
    purposeLegitimateIds: legitimate,
    propertyTypeLabel: PROPERTY_TYPE_LABELS[p.propertyType],
  };
}

/**
 * A save's parameters as `update` and property_write take them: pcode, uuid, identifier, its key,
 * theme, CMP version, settings, list row (its siteId set by the statement) and time.
 */
const saveParams = (pcode: string, uuid: string, values: PropertyValues, now: Date): unknown[] => {
  const identifier = propertyIdentifier(values);
  return [
    pcode,
    uuid,
    identifier,
    identifierKey(identifier),
    values.themeId,
    String(values.cmpVersion),
    values,
    storedListItem(values, uuid, 0),
    now,
  ];
};

/** A property's settings alone (no identity or bookkeeping), as saves store them and the history sees them. */
export const propertySettingsOf = (p: PropertyValues): PropertyValues => PropertySettings.parse(p);

export type PropertySort = 'url,ASC' | 'url,DESC' | 'updatedAt,DESC';

const ORDER: Record<PropertySort, string> = {
  'url,ASC': 'p.identifier_key asc, p.id asc',
  'url,DESC': 'p.identifier_key desc, p.id desc',
  'updatedAt,DESC': 'p.updated_at desc, p.id desc',
};

export interface ListOptions {
  type?: PropertyType;
  filter?: string;
  sort?: PropertySort;
}
/** Every field of a list item (the bulk update's filters), or the table's row fields alone. */
export type ListColumns = 'item' | 'row';

/** The stored list fields a table row leaves out (derived from core's two schemas). */
const NOT_ROW_FIELDS = Object.keys(PropertyListItem.shape).filter(
  (key) => !(key in PropertyListRow.shape),
);

/** The unique-index name a concurrent duplicate insert trips over. */
export const IDENTIFIER_INDEX = 'properties_identifier';

export const properties = {
  async list(
    q: Queryable,
    pcode: string,
    options: { type?: PropertyType; filter?: string; sort?: PropertySort } = {},
  ): Promise<Property[]> {
    const rows = await q.query(
      `${SELECT} where p.pcode = $1 and ($2::text is null or p.property_type = $2)
         and ($3::text is null or p.identifier_key like '%' || lower($3) || '%')
       order by ${ORDER[options.sort ?? 'url,ASC']}`,
      [pcode, options.type ?? null, options.filter?.trim() || null],
    );
    return rows.map(toProperty);
  },

  /**
   * The properties list as one JSON array text, built by the database from the stored list rows:
   * a thousand properties cost one small query and no per-row work in JavaScript. `columns: 'row'`
   * sends the table's row fields only (core's `PropertyListRow`), dropping the others in the query.
   */
  async listJson(
    q: Queryable,
    pcode: string,
    options: ListOptions & { columns?: ListColumns } = {},
  ): Promise<string> {
    const rows = options.columns === 'row';
    const rowItem = `(p.list_item - $4::text[])
             || case when t.name is null then '{}'::jsonb else jsonb_build_object('themeName', t.name) end
             || jsonb_build_object('editable', p.editable)`;
    const fullItem = `p.list_item
             || case when t.name is null then '{}'::jsonb else jsonb_build_object('themeName', t.name) end
             || jsonb_build_object('editable', p.editable,
                  'updatedAt', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
    const result = await q.query<{ json: string }>(
      `select coalesce(json_agg(${rows ? rowItem : fullItem}
           order by ${ORDER[options.sort ?? 'url,ASC']})::text, '[]') as json
       from properties p
       left join themes t on t.id::text = p.theme_id and (t.pcode = p.pcode or t.pcode is null)
       where p.pcode = $1 and ($2::text is null or p.property_type = $2)
         and ($3::text is null or p.identifier_key like '%' || lower($3) || '%')`,
      [
        pcode,
        options.type ?? null,
        options.filter?.trim() || null,
        ...(rows ? [NOT_ROW_FIELDS] : []),
      ],
    );
    return result[0]?.json ?? '[]';
  },

  async get(
    q: Queryable,
    pcode: string,
    uuid: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<Property | undefined> {
    // Locked and read in one query (the theme's row is not locked).
    const rows = await q.query(
      `${SELECT} where p.pcode = $1 and p.uuid = $2${options.forUpdate ? ' for update of p' : ''}`,
      [pcode, uuid],
    );
    return rows[0] && toProperty(rows[0]);
  },

  /**
   * A property for its save, with what the save's rules read of its account (as
   * `saveRuleContext`) and its row version, in one query: locked (`for update`) in a transaction's
   * save, or unlocked for `updateIfUnchanged`, which writes only if the row version is still the
   * same (then with the rule context's fingerprint too).
   */
  async getForSave(
    q: Queryable,
    pcode: string,
    uuid: string,
    options: { lock?: boolean } = {},
  ): Promise<SaveRead | undefined> {
    // Unlocked, the single save's read: migration 027's function (014's with the context's
    // fingerprint), one JSON value (a cached plan, one value to decode).
    const row =
      options.lock === false
        ? ((
            await q.query<{ r: Row | null }>('select property_for_save($1, $2) as r', [pcode, uuid])
          )[0]?.r ?? undefined)
        : (
            await q.query(
              `${SELECT.replace(
                'from properties p',
                `, p.xmin::text as row_version, ${RULE_CONTEXT_COLUMNS} from properties p`,
              )} where p.pcode = $1 and p.uuid = $2 for update of p`,
              [pcode, uuid],
            )
          )[0];
    return (
      row && {
        property: toProperty(row),
        context: toRuleContext(row),
        rowVersion: String(row.row_version),
        ...(row.context_version ? { contextVersion: String(row.context_version) } : {}),
      }
    );
  },

  /** A property of any account, by its uuid (unique across accounts). */
  async getByUuid(q: Queryable, uuid: string): Promise<Property | undefined> {
    const rows = await q.query(`${SELECT} where p.uuid = $1`, [uuid]);
    return rows[0] && toProperty(rows[0]);
  },

  async getById(
    q: Queryable,
    pcode: string,
    id: number,
    options: { forUpdate?: boolean } = {},
  ): Promise<Property | undefined> {
    const rows = await q.query(
      `${SELECT} where p.pcode = $1 and p.id = $2${options.forUpdate ? ' for update of p' : ''}`,
      [pcode, id],
    );
    return rows[0] && toProperty(rows[0]);
  },

  /**
   * What matching a page's host to a site needs of each of the account's sites (uuid, url,
   * applyToSubDomains), in the list's url order, without loading the sites' configurations.
   */
  async siteHosts(
    q: Queryable,
    pcode: string,
  ): Promise<Array<{ uuid: string; url: string; applyToSubDomains: boolean }>> {
    const rows = await q.query<{ uuid: string; url: string; apply_to_sub_domains: boolean | null }>(
      `select uuid, identifier as url, (config->>'applyToSubDomains')::boolean as apply_to_sub_domains
       from properties p where pcode = $1 and property_type = 'SITE'
       order by ${ORDER['url,ASC']}`,
      [pcode],
    );
    return rows.map((r) => ({
      uuid: String(r.uuid),
      url: String(r.url),
      applyToSubDomains: r.apply_to_sub_domains === true,
    }));
  },

  /**
   * The account's properties with this identifier (any case), except one: the duplicate check uses
   * the identifier index instead of loading every identifier.
   */
  async identifiersLike(
    q: Queryable,
    pcode: string,
    identifier: string,
    exceptUuid?: string,
  ): Promise<string[]> {
    const rows = await q.query<{ identifier: string }>(
      `select identifier from properties where pcode = $1 and identifier_key = $2 and ($3::text is null or uuid <> $3)`,
      [pcode, identifierKey(identifier), exceptUuid ?? null],
    );
    return rows.map((r) => r.identifier);
  },

  async insert(q: Queryable, pcode: string, values: PropertyValues, now: Date): Promise<Property> {
    const identifier = propertyIdentifier(values);
    const uuid = crypto.randomUUID();
    const rows = await q.query<{ id: number }>(
      `insert into properties (uuid, pcode, property_type, identifier, identifier_key, theme_id, cmp_version, config, list_item, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, '{}', $9, $9) returning id`,
      [
        uuid,
        pcode,
        values.propertyType,
        identifier,
        identifierKey(identifier),
        values.themeId,
        String(values.cmpVersion),
        values,
        now,
      ],
    );
    const id = Number(rows[0]!.id);
    await q.query(`update properties set list_item = $2 where id = $1`, [
      id,
      storedListItem(values, uuid, id),
    ]);
    await contentVersions.bump(q, pcode);
    return (await properties.get(q, pcode, uuid))!;
  },

  async update(
    q: Queryable,
    pcode: string,
    uuid: string,
    values: PropertyValues,
    now: Date,
    options: { editable?: boolean } = {},
  ): Promise<Property> {
    // One statement: the update, the account's content version and the stored row read back.
    const rows = await q.query(
      `with updated as (
         update properties set identifier = $3, identifier_key = $4, theme_id = $5, cmp_version = $6, config = $7,
           list_item = jsonb_set($8::jsonb, '{siteId}', to_jsonb(id)), updated_at = $9, editable = coalesce($10, editable)
         where pcode = $1 and uuid = $2 returning *),
       bumped as (${BUMP_CONTENT_VERSION})
       ${SELECT.replace('from properties p', 'from updated p')}`,
      [...saveParams(pcode, uuid, values, now), options.editable ?? null],
    );
    if (!rows[0]) throw new Error(`Property ${uuid} vanished during its update`);
    return toProperty(rows[0]);
  },

  /**
   * A single save in one statement, without a transaction around it (migration 027's
   * property_write): the update, the account's content version and the change's `history` row
   * (`changeHistory.recordValues`; none when nothing changed) are written only if the row is still
   * the version `read` has (PostgreSQL's `xmin`: any write since, a save, a bulk update or an
   * editability change, makes a new one) and still editable, and with `checkContext` only if the
   * account's rule context still has `read`'s fingerprint (a read remembered from an earlier
   * save). All or nothing. Returns the stored property, built from `values` and the row read (the
   * same row but for what was written, its theme's name from the account's themes), as a read of
   * the row now stored; or undefined when nothing was written.
   */
  async updateIfUnchanged(
    q: Queryable,
    pcode: string,
    read: SaveRead,
    values: PropertyValues,
    now: Date,
    history: Record<string, unknown> | undefined,
    options: { checkContext?: boolean } = {},
  ): Promise<SaveRead | undefined> {
    const { property, context, rowVersion, contextVersion } = read;
    const rows = await q.query<{ written: string | null }>(
      'select property_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as written',
      [
        ...saveParams(pcode, property.uuid, values, now),
        rowVersion,
        history ?? null,
        options.checkContext ? (contextVersion ?? '') : null,
      ],
    );
    const written = rows[0]?.written;
    if (!written) return undefined;
    const stored = toProperty({
      config: values,
      uuid: property.uuid,
      id: property.siteId,
      pcode,
      theme_name: context.themes.find((t) => t.themeId === values.themeId)?.themeName ?? null,
      editable: true,
      created_at: property.createdAt,
      updated_at: now,
      ab_tests: property.abTestingSitesCollection ?? null,
    });
    return {
      property: stored,
      context,
      rowVersion: written,
      ...(contextVersion ? { contextVersion } : {}),
    };
  },

  /** Sets a site's A/B test variants (validated by core's `validateAbTest`); none ends the test. */
  async setAbTest(
    q: Queryable,
    pcode: string,
    uuid: string,
    variants: readonly AbTestingSiteCollection[],
    now: Date,
  ): Promise<void> {
    await q.query(
      `update properties set ab_tests = $3, updated_at = $4 where pcode = $1 and uuid = $2`,
      [pcode, uuid, variants.length ? JSON.stringify(variants) : null, now],
    );
    await contentVersions.bump(q, pcode);
  },

  async remove(q: Queryable, pcode: string, uuid: string): Promise<boolean> {
    const rows = await q.query(
      `delete from properties where pcode = $1 and uuid = $2 returning id`,
      [pcode, uuid],
    );
    if (rows.length) await contentVersions.bump(q, pcode);
    return rows.length > 0;
  },

  async setEditable(
    q: Queryable,
    pcode: string,
    ids: readonly number[],
    editable: boolean,
  ): Promise<void> {
    await q.query(`update properties set editable = $3 where pcode = $1 and id = any($2::int[])`, [
      pcode,
      ids,
      editable,
    ]);
    await contentVersions.bump(q, pcode);
  },

  /**
   * Several properties' updates in one statement (a bulk update's batch), each as `update` stores
   * it, with the content version bumped once. Returns the stored rows (without their theme names);
   * a property that no longer exists is left out.
   */
  async updateMany(
    q: Queryable,
    pcode: string,
    changes: ReadonlyArray<{ uuid: string; values: PropertyValues }>,
    now: Date,
    options: { editable?: boolean } = {},
  ): Promise<Property[]> {
    if (!changes.length) return [];
    const input = changes.map(({ uuid, values }) => {
      const identifier = propertyIdentifier(values);
      return {
        uuid,
        identifier,
        identifierKey: identifierKey(identifier),
        themeId: values.themeId,
        cmpVersion: String(values.cmpVersion),
        config: values,
        listItem: storedListItem(values, uuid, 0),
      };
    });
    // The input travels as one JSON text: both drivers would send a JS array as a SQL array.
    const rows = await q.query(
      `with input as (select * from jsonb_to_recordset($2::jsonb) as i(uuid text, identifier text,
           "identifierKey" text, "themeId" text, "cmpVersion" text, config jsonb, "listItem" jsonb)),
       updated as (
         update properties p set identifier = i.identifier, identifier_key = i."identifierKey",
           theme_id = i."themeId", cmp_version = i."cmpVersion", config = i.config,
           list_item = jsonb_set(i."listItem", '{siteId}', to_jsonb(p.id)), updated_at = $3,
           editable = coalesce($4, p.editable)
         from input i where p.pcode = $1 and p.uuid = i.uuid returning p.*),
       bumped as (${BUMP_CONTENT_VERSION})
       select p.*, null as theme_name from updated p`,
      [pcode, JSON.stringify(input), now, options.editable ?? null],
    );
    return rows.map(toProperty);
  },

  /** Properties by id (siteId) within an account, in the given order; unknown ids are left out. */
  async byIds(
    q: Queryable,
    pcode: string,
    ids: readonly number[],
    options: { forUpdate?: boolean } = {},
  ): Promise<Property[]> {
    const rows = await q.query(
      `${SELECT} where p.pcode = $1 and p.id = any($2::int[])${options.forUpdate ? ' for update of p' : ''}`,
      [pcode, ids],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), toProperty(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  async findByIdentifier(
    q: Queryable,
    pcode: string,
    identifier: string,
  ): Promise<Property | undefined> {
    const rows = await q.query(`${SELECT} where p.pcode = $1 and p.identifier_key = $2`, [
      pcode,
      identifierKey(identifier),
    ]);
    return rows[0] && toProperty(rows[0]);
  },
};

/** A theme as property validation needs it. */
export interface ThemeRef {
  themeId: string;
  themeName: string;
  themeType: PropertyType;
  gvlVersion: 2 | 3;
}

const THEME_REFS = `select id, name, theme_type, config->'gvlVersion' as gvl_version from themes
  where pcode = $1 or pcode is null order by lower(name), id`;

const toThemeRef = (r: Row): ThemeRef => ({
  themeId: String(r.id),
  themeName: String(r.name),
  themeType: r.theme_type as PropertyType,
  gvlVersion: ((r.gvl_version ?? 3) === 2 ? 2 : 3) as 2 | 3,
});

/** The account's themes as property validation needs them (the built-in default theme included). */
export async function themeRefs(q: Queryable, pcode: string): Promise<ThemeRef[]> {
  return (await q.query(THEME_REFS, [pcode])).map(toThemeRef);
}

/** The rule context's columns for account `$1` (a query selects them alone or beside a row). */
const RULE_CONTEXT_COLUMNS = `(select cop_enabled from organisations where pcode = $1) as cop_enabled,
  (select json_agg(refs order by lower(refs.name), refs.id) from (${THEME_REFS}) refs) as rule_themes`;

const toRuleContext = (r: Row): SaveRuleContext => ({
  copEnabled: (r.cop_enabled as boolean | null) ?? false,
  themes: ((r.rule_themes as Row[] | null) ?? []).map(toThemeRef),
});

/**
 * A property as its save reads it: the row, what the rules read of its account, the row's version
 * (xmin) and, unlocked, the rule context's fingerprint (migration 027's `property_rule_context`).
 */
export interface SaveRead {
  property: Property;
  context: SaveRuleContext;
  rowVersion: string;
  contextVersion?: string;
}

/** What a save's rules read of the account besides its properties. */
export interface SaveRuleContext {
  copEnabled: boolean;
  themes: ThemeRef[];
}

/**
 * What a save's rules read of the account, in one query (a save runs it in its transaction): the
 * consent-or-pay switch and the themes (as `themeRefs`).
 */
export async function saveRuleContext(q: Queryable, pcode: string): Promise<SaveRuleContext> {
  const rows = await q.query(`select ${RULE_CONTEXT_COLUMNS}`, [pcode]);
  return toRuleContext(rows[0] ?? {});
}
