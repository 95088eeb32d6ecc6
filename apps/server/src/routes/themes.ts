import { AssentError } from '@assent/core';
import type { Issue } from '@assent/core';
import type { Routes } from '@assent/core/api';
import {
  DEFAULT_THEME_LOCKED,
  THEME_TYPE_FIXED,
  ThemeSettings,
  computeStacks,
  themeForStorage,
  themeInUse,
  toThemeListItem,
  validateTheme,
} from '@assent/core/theme';
import type { Theme, ThemeValues } from '@assent/core/theme';
import type { Queryable } from '../db';
import { organisations } from '../repositories/accounts';
import type { ChangeActor } from '../repositories/change-history';
import { changeHistory } from '../repositories/change-history';
import { themes } from '../repositories/themes';
import { previewTheme } from '../banner/preview';
import { isUnsafeIssue } from '../services/property-rules';
import type { AppDeps, GroupHandlers } from './context';
import { NOT_FOUND_MESSAGE } from './errors';
import { changeActor } from './history';

/** Rules whose failure means script could run: reported as XSS_ERROR. */
const XSS_RULES = new Set(['prohibitedCss']);

function themeError(issues: Issue[]): AssentError {
  const xss = issues.some((i) => isUnsafeIssue(i.rule) || XSS_RULES.has(i.rule));
  return AssentError.fromIssues(issues, xss ? 'XSS_ERROR' : 'VALIDATION_ERROR');
}

async function checkTheme(
  q: Queryable,
  pCode: string,
  values: ThemeValues,
  saved?: ThemeValues,
): Promise<ThemeValues> {
  const org = await organisations.get(q, pCode);
  const result = validateTheme(values, {
    pCode,
    premiumEligible: org?.premiumEligible ?? false,
    ...(saved ? { saved } : {}),
  });
  if (!result.ok) throw themeError(result.issues);
  // Script was refused above; what remains of the rich text is stored as the banner renders it.
  return themeForStorage(result.value);
}

async function editable(q: Queryable, pCode: string, id: string) {
  const theme = await themes.get(q, pCode, id);
  if (!theme) throw new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (theme.builtIn) throw new AssentError('FORBIDDEN', DEFAULT_THEME_LOCKED);
  return theme;
}

/** Records a theme's change in the save's transaction (core's diff of its settings). */
const recordThemeChange = (
  q: Queryable,
  deps: AppDeps,
  pCode: string,
  actor: ChangeActor,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  before: Theme | null,
  after: Theme | null,
) => {
  const theme = (after ?? before)!;
  return changeHistory.record(
    q,
    pCode,
    actor,
    {
      entityType: 'THEME',
      entityId: theme.themeId,
      entityName: theme.themeName,
      action,
      before: before && ThemeSettings.parse(before),
      after: after && ThemeSettings.parse(after),
    },
    deps.now(),
  );
};

export const themeHandlers: GroupHandlers<Routes['themes']> = {
  async list({ query }, { deps, pCode }) {
    return (await themes.list(deps.db, pCode, query.themeType)).map(toThemeListItem);
  },

  async create({ body }, ctx) {
    const { deps, pCode } = ctx;
    return deps.db.transaction(async (tx) => {
      const values = await checkTheme(tx, pCode, body);
      const created = await themes.insert(tx, pCode, values, deps.now());
      await recordThemeChange(tx, deps, pCode, changeActor(ctx), 'CREATE', null, created);
      return created;
    });
  },

  async get({ params }, { deps, pCode }) {
    const theme = await themes.get(deps.db, pCode, params.id);
    if (!theme) throw new AssentError('NOT_FOUND', NOT_FOUND_MESSAGE);
    const { builtIn: _builtIn, ...rest } = theme;
    return rest;
  },

  async update({ params, body }, ctx) {
    const { deps, pCode } = ctx;
    return deps.db.transaction(async (tx) => {
      const saved = await editable(tx, pCode, params.id);
      if (saved.themeType !== body.themeType)
        throw new AssentError('VALIDATION_ERROR', THEME_TYPE_FIXED, {
          themeType: THEME_TYPE_FIXED,
        });
      const values = await checkTheme(tx, pCode, body, saved);
      const updated = await themes.update(tx, pCode, params.id, values, deps.now());
      await recordThemeChange(tx, deps, pCode, changeActor(ctx), 'UPDATE', saved, updated);
      return updated;
    });
  },

  async remove({ params }, ctx) {
    const { deps, pCode } = ctx;
    await deps.db.transaction(async (tx) => {
      const saved = await editable(tx, pCode, params.id);
      const used = await themes.usage(tx, pCode, params.id);
      if (used > 0) throw new AssentError('CONFLICT', themeInUse(used));
      await themes.remove(tx, pCode, params.id);
      await recordThemeChange(tx, deps, pCode, changeActor(ctx), 'DELETE', saved, null);
    });
    return { deleted: true as const };
  },

  async stacks({ body }, { deps }) {
    const list = await deps.lists.vendorList(body.gvlVersion);
    return computeStacks(list.stacks, body.purposeIds, body.liPurposeIds, body.specialFeatureIds);
  },

  async preview({ body }, { deps, pCode, request }) {
    const org = await organisations.get(deps.db, pCode);
    const result = validateTheme(body, { pCode, premiumEligible: org?.premiumEligible ?? false });
    if (!result.ok) return { error: result.issues[0]?.message ?? 'Invalid theme' };
    return previewTheme(deps, pCode, themeForStorage(result.value), request);
  },
};
