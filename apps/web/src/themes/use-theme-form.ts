import { ApiError } from '@assent/core';
import type { Issue } from '@assent/core';
import {
  afterThemeSavePath,
  pendingRequestsFor,
  themeSaveErrorMessage,
  toThemePayload,
  validateTheme,
} from '@assent/core/theme';
import type { Theme, ThemeValues } from '@assent/core/theme';
import { applyCacheEffects, themeSavedEffects } from '@assent/core/queries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from '../app/ServicesContext';
import { useAlerts } from '../components/alerts';
import { THEME_SAVED } from './copy';
import type { ThemeFormAction, ThemeFormState, ThemeSaveFailure } from './theme-form-state';
import {
  initialThemeFormState,
  themeFieldErrors,
  themeFormChanged,
  themeFormReducer,
} from './theme-form-state';

/** What every card of the theme editor reads and how it changes the editor. */
export interface ThemeFormApi {
  values: ThemeValues;
  state: ThemeFormState;
  dispatch: (action: ThemeFormAction) => void;
  /** The message under a field; '' for a rule the spec gives no wording (conflicting CSS colours). */
  errorOf: (field: string) => string | undefined;
  issues: readonly Issue[];
  pCode: string;
  premiumEligible: boolean;
  /** The stored theme's id when editing. */
  themeId: string | undefined;
}

/** The failure a refused or failed save shows: core's message, and the fields the server named. */
function themeSaveFailure(error: unknown): ThemeSaveFailure {
  const body = error instanceof ApiError ? error.body : undefined;
  return { message: themeSaveErrorMessage(body), fields: body?.fields ?? {} };
}

/** Moves focus to the first field showing a message (after the render that shows it). */
function focusFirstThemeIssue(): void {
  requestAnimationFrame(() => {
    const invalid = document.querySelector<HTMLElement>(
      '.assent-theme-form [aria-invalid="true"], .assent-theme-form .assent-error',
    );
    if (!invalid) return;
    invalid.scrollIntoView?.({ block: 'center' });
    const target = invalid.matches('input, select, textarea, [contenteditable]')
      ? invalid
      : invalid.querySelector<HTMLElement>('input:not(:disabled), select, textarea');
    target?.focus({ preventScroll: true });
  });
}

/** The theme editor over its reducer: state, core's validation of the values, and the save. */
export function useThemeForm({
  pCode,
  initialValues,
  saved,
  themeId,
  premiumEligible,
  fromSite,
}: {
  pCode: string;
  initialValues: ThemeValues;
  /** The stored theme when editing (its fixed segments and premium texts are the reference). */
  saved: ThemeValues | undefined;
  themeId: string | undefined;
  premiumEligible: boolean;
  fromSite: string | null;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(themeFormReducer, initialValues, initialThemeFormState);
  const issues = useMemo<Issue[]>(() => {
    const result = validateTheme(state.values, {
      pCode,
      premiumEligible,
      ...(saved ? { saved } : {}),
    });
    return result.ok ? [] : result.issues;
  }, [state.values, pCode, premiumEligible, saved]);

  const mutation = useMutation({
    mutationFn: async (values: ThemeValues): Promise<Theme> => {
      const body = toThemePayload(values);
      const theme = themeId
        ? await client.themes.update({ params: { id: themeId }, query: { pCode }, body })
        : await client.themes.create({ query: { pCode }, body });
      // Text change requests made before the first save go out with the new theme's id.
      if (!themeId && state.pendingRequests.length) {
        await client.textRequests.create({
          body: pendingRequestsFor(state.pendingRequests, theme.themeId),
        });
      }
      return theme;
    },
    onSuccess: async (theme) => {
      // The site form lists the account's themes from its init data: the new one must be there.
      await applyCacheEffects(queryClient, themeSavedEffects(pCode, theme));
      alerts.show(THEME_SAVED(theme.themeName), 'success');
      navigate(afterThemeSavePath(pCode, fromSite, theme.themeId));
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.httpStatus < 500)) {
        console.error('Assent: the theme could not be saved', error);
      }
      dispatch({ type: 'saveFailed', failure: themeSaveFailure(error) });
      focusFirstThemeIssue();
    },
  });

  const save = () => {
    dispatch({ type: 'saveAttempted' });
    if (issues.length) {
      focusFirstThemeIssue();
      return;
    }
    dispatch({ type: 'failureCleared' });
    mutation.mutate(state.values);
  };

  const api = useMemo<ThemeFormApi>(
    () => ({
      values: state.values,
      state,
      dispatch,
      errorOf: themeFieldErrors(state, issues),
      issues,
      pCode,
      premiumEligible,
      themeId,
    }),
    [state, issues, pCode, premiumEligible, themeId],
  );
  return { api, save, pending: mutation.isPending, changed: themeFormChanged(state) };
}
