import { createHash } from 'node:crypto';
import { AssentError } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  CMP_VERSIONS,
  DUPLICATE_PROPERTY,
  NOT_ABLE_TO_DELETE,
  PENDING_UPDATES,
  defaultAppValues,
  defaultSiteValues,
  identifierChanged,
  propertyIdentifier,
  validateAbTest,
} from '@assent/core/property';
import type { Property, PropertyType, PropertyValues } from '@assent/core/property';
import type { Queryable } from '../db';
import { contentVersions, organisations } from '../repositories/accounts';
import type { ChangeActor } from '../repositories/change-history';
import { changeHistory } from '../repositories/change-history';
import type { ListColumns, PropertySort, SaveRead } from '../repositories/properties';
import {
  IDENTIFIER_INDEX,
  properties,
  propertySettingsOf,
  themeRefs,
} from '../repositories/properties';
import { checkPropertyForSave } from '../services/property-rules';
import type { AppDeps, GroupHandlers } from './context';
import { RawJson } from './context';
import { NOT_FOUND_MESSAGE } from './errors';
import { changeActor } from './history';

const notFound = () => new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);

async function load(
  q: Queryable,
  pcode: string,
  uuid: string,
  type: PropertyType,
  forUpdate = false,
): Promise<Property> {
  const property = await properties.get(q, pcode, uuid, { forUpdate });
  if (!property || property.propertyType !== type) throw notFound();
  return property;
}

/** A concurrent insert of the same identifier trips the unique index: the spec's duplicate message. */
function duplicateOnRace(error: unknown, type: PropertyType): never {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (
    e.code === '23505' &&
    (e.constraint === IDENTIFIER_INDEX || e.message?.includes(IDENTIFIER_INDEX))
  ) {
    const field = type === 'APP' ? 'packageId' : 'url';
    throw new AssentError('VALIDATION_ERROR', DUPLICATE_PROPERTY, { [field]: DUPLICATE_PROPERTY });
  }
  throw error;
}

/** A site's A/B test as its history records it: the variants, or null without a test. */
const abTestOf = (p: Property) => ({
  abTestingSitesCollection: p.abTestingSitesCollection ?? null,
});

/** Records a property's change in the save's transaction (core's diff of its settings). */
const recordPropertyChange = (
  q: Queryable,
  deps: AppDeps,
  pcode: string,
  actor: ChangeActor,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  before: Property | null,
  after: Property | null,
) => {
  const property = (after ?? before)!;
  return changeHistory.record(
    q,
    pcode,
    actor,
    {
      entityType: property.propertyType,
      entityId: property.uuid,
      entityName: propertyIdentifier(property),
      action,
      before: before && propertySettingsOf(before),
      after: after && propertySettingsOf(after),
    },
    deps.now(),
  );
};

async function createProperty(
  deps: AppDeps,
  pcode: string,
  type: PropertyType,
  body: PropertyValues,
  actor: ChangeActor,
): Promise<Property> {
  try {
    return await deps.db.transaction(async (tx) => {
      const payload = await checkPropertyForSave(tx, deps, pcode, {
        ...body,
        propertyType: type,
      });
      const created = await properties.insert(tx, pcode, payload, deps.now());
      await recordPropertyChange(tx, deps, pcode, actor, 'CREATE', null, created);
      return created;
    });
  } catch (error) {
    return duplicateOnRace(error, type);
  }
}

async function updateProperty(
  deps: AppDeps,
  pcode: string,
  uuid: string,
  type: PropertyType,
  body: PropertyValues,
  identifierChanged: boolean,
  actor: ChangeActor,
): Promise<Property> {
  /** Every rule of the save against the row as read: the values to store. */
  const check = async (q: Queryable, loaded: SaveRead | undefined) => {
    if (!loaded || loaded.property.propertyType !== type) throw notFound();
    const { property: current, context } = loaded;
    if (!current.editable) throw new AssentError('NOT_EDITABLE', PENDING_UPDATES);
    const identifier = propertyIdentifier(current);
    return checkPropertyForSave(
      q,
      deps,
      pcode,
      { ...body, propertyType: type },
      {
        existing: { uuid, identifier, publisherLogoUrl: current.publisherLogoUrl },
        identifierChanged,
        context,
      },
    );
  };
  try {
    // Read and checked without a lock (the logo check may wait on the network), then written by
    // one statement, its history included, if the row is still the version that was checked. The
    // row this server wrote last is remembered: the next save of the property checks against it
    // and sends the write alone, which also needs the account's rule context unchanged.
    const key = `${pcode}\0${uuid}`;
    const remembered = deps.savedProperties.get(key);
    const write = async (loaded: SaveRead | undefined, checkContext: boolean) => {
      const payload = await check(deps.db, loaded);
      const current = loaded!.property;
      return properties.updateIfUnchanged(
        deps.db,
        pcode,
        loaded!,
        payload,
        deps.now(),
        changeHistory.recordValues(actor, {
          entityType: current.propertyType,
          entityId: current.uuid,
          entityName: propertyIdentifier(payload),
          action: 'UPDATE',
          before: propertySettingsOf(current),
          // The save payload is settings alone already (the body parsed by the route's schema,
          // then toSavePayload): parsed again it is the same.
          after: payload,
        }),
        { checkContext },
      );
    };
    // A refusal or a write refused is never answered from the remembered row: read again.
    const saved =
      (remembered && (await write(remembered, true).catch(() => undefined))) ??
      (await write(await properties.getForSave(deps.db, pcode, uuid, { lock: false }), false));
    if (saved) {
      deps.savedProperties.set(key, saved);
      return saved.property;
    }
    deps.savedProperties.delete(key);
    // Written in between (another save, a bulk update): checked again with the row locked.
    return await deps.db.transaction(async (tx) => {
      const locked = await properties.getForSave(tx, pcode, uuid);
      const values = await check(tx, locked);
      const before = locked!.property;
      const updated = await properties.update(tx, pcode, uuid, values, deps.now());
      await recordPropertyChange(tx, deps, pcode, actor, 'UPDATE', before, updated);
      return updated;
    });
  } catch (error) {
    return duplicateOnRace(error, type);
  }
}

async function removeProperty(
  deps: AppDeps,
  pcode: string,
  uuid: string,
  type: PropertyType,
  actor: ChangeActor,
  packageId?: string,
) {
  await deps.db.transaction(async (tx) => {
    const current = await load(tx, pcode, uuid, type, true);
    if (packageId !== undefined && identifierChanged(current.packageId ?? '', packageId))
      throw notFound();
    if (!current.editable) throw new AssentError('NOT_EDITABLE', NOT_ABLE_TO_DELETE);
    await properties.remove(tx, pcode, uuid);
    await recordPropertyChange(tx, deps, pcode, actor, 'DELETE', current, null);
  });
  return { deleted: true as const };
}

/**
 * The list is read far more often than written: its encoded body is cached per account, content
 * version (bumped by every write, on any server), options and columns, and answered with an ETag.
 */
async function cachedList(
  deps: AppDeps,
  pCode: string,
  query: { sort: PropertySort; type?: PropertyType | undefined; filter?: string | undefined },
  columns: ListColumns,
): Promise<RawJson> {
  const version = await contentVersions.get(deps.db, pCode);
  const options = {
    ...(query.type ? { type: query.type } : {}),
    ...(query.filter ? { filter: query.filter } : {}),
    sort: query.sort,
  };
  const key = JSON.stringify([pCode, version, options, columns]);
  let list = deps.propertyLists.get(key);
  if (list === undefined) {
    list = new RawJson(
      await properties.listJson(deps.db, pCode, { ...options, columns }),
      `W/"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`,
    );
    deps.propertyLists.set(key, list);
  }
  return list;
}

export const siteHandlers: GroupHandlers<Routes['sites']> = {
  list: ({ query }, { deps, pCode }) => cachedList(deps, pCode, query, 'item'),
  rows: ({ query }, { deps, pCode }) => cachedList(deps, pCode, query, 'row'),

  export: async ({ query }, { deps, pCode }) =>
    properties.list(deps.db, pCode, query.type ? { type: query.type } : {}),

  async init({ query }, { deps, pCode }) {
    const [org, themes] = await Promise.all([
      organisations.get(deps.db, pCode),
      themeRefs(deps.db, pCode),
    ]);
    const firstVersion = CMP_VERSIONS[0]?.version ?? 'latest';
    return {
      defaults: query.propertyType === 'APP' ? defaultAppValues(firstVersion) : defaultSiteValues(),
      cmpVersions: [...CMP_VERSIONS],
      themes: themes.filter((t) => t.themeType === query.propertyType),
      premium: org?.premiumEligible ?? false,
      consentOrPayEnabled: org?.copEnabled ?? false,
    };
  },

  get: ({ params }, { deps, pCode }) => load(deps.db, pCode, params.id, 'SITE'),
  create: ({ body }, ctx) => createProperty(ctx.deps, ctx.pCode, 'SITE', body, changeActor(ctx)),
  update: ({ params, query, body }, ctx) =>
    updateProperty(
      ctx.deps,
      ctx.pCode,
      params.id,
      'SITE',
      body,
      query.urlChanged ?? false,
      changeActor(ctx),
    ),
  abTest: ({ params, body }, ctx) =>
    ctx.deps.db.transaction(async (tx) => {
      const { deps, pCode } = ctx;
      const before = await load(tx, pCode, params.id, 'SITE', true);
      const checked = validateAbTest(body, await themeRefs(tx, pCode));
      if (!checked.ok) throw AssentError.fromIssues(checked.issues, 'VALIDATION_ERROR');
      await properties.setAbTest(tx, pCode, params.id, checked.value.variants, deps.now());
      const after = await load(tx, pCode, params.id, 'SITE');
      // In the site's history like a save: who, when, the variants from → to (none: no test).
      await changeHistory.record(
        tx,
        pCode,
        changeActor(ctx),
        {
          entityType: 'SITE',
          entityId: after.uuid,
          entityName: propertyIdentifier(after),
          action: 'UPDATE',
          before: abTestOf(before),
          after: abTestOf(after),
        },
        deps.now(),
      );
      return after;
    }),
  remove: ({ params }, ctx) =>
    removeProperty(ctx.deps, ctx.pCode, params.id, 'SITE', changeActor(ctx)),
};

export const appHandlers: Omit<GroupHandlers<Routes['apps']>, 'sdk'> = {
  get: ({ params }, { deps, pCode }) => load(deps.db, pCode, params.id, 'APP'),
  create: ({ body }, ctx) => createProperty(ctx.deps, ctx.pCode, 'APP', body, changeActor(ctx)),
  update: ({ params, body }, ctx) =>
    updateProperty(ctx.deps, ctx.pCode, params.id, 'APP', body, false, changeActor(ctx)),
  remove: ({ params, query }, ctx) =>
    removeProperty(ctx.deps, ctx.pCode, params.id, 'APP', changeActor(ctx), query.packageId),
};
