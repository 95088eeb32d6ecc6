import {
  CANCEL,
  CONFIRM,
  CREATE_APP_THEME,
  CREATE_SITE_THEME,
  NO_RESULTS_FOUND,
  THEMES_DESCRIPTION,
  THEME_LIST_COLUMNS,
  THEME_TYPE_LABELS,
  deleteThemeConfirmation,
  filterThemes,
  isAccountTheme,
  sortThemes,
  themeFormPath,
} from '@assent/core/theme';
import type { ThemeListItem } from '@assent/core/theme';
import { applyCacheEffects, themeDeleteMutation, themesQuery } from '@assent/core/queries';
import { Button, ButtonGroup, Callout, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageLayout } from '../components/PageLayout';
import { THEMES_TITLE, THEME_FILTER_LABEL, THEME_ACTION_LABELS } from './copy';
import './themes.css';

type ThemeColumn = (typeof THEME_LIST_COLUMNS)[number]['key'];

type Cell = (
  item: ThemeListItem,
  ctx: { pCode: string; onDelete: (t: ThemeListItem) => void },
) => ReactNode;

/** How each column renders a row, keyed by core's column list. */
const CELLS: Record<ThemeColumn, Cell> = {
  themeName: (item) => <strong>{item.themeName}</strong>,
  regulation: (item) => item.regulation,
  themeType: (item) => THEME_TYPE_LABELS[item.themeType],
  actions: (item, { pCode, onDelete }) =>
    // The built-in themes cannot be edited or deleted.
    isAccountTheme(item.themeId) ? (
      <ButtonGroup variant="minimal">
        <Link
          className="bp6-button bp6-minimal"
          to={themeFormPath(pCode, item.themeType, 'edit', item.themeId)}
          aria-label={`${THEME_ACTION_LABELS.edit} ${item.themeName}`}
        >
          {THEME_ACTION_LABELS.edit}
        </Link>
        <Button
          intent="danger"
          text={THEME_ACTION_LABELS.delete}
          aria-label={`${THEME_ACTION_LABELS.delete} ${item.themeName}`}
          onClick={() => onDelete(item)}
        />
      </ButtonGroup>
    ) : null,
};

/** /protect/p-{pCode}/themes: the account's themes, filtered by name, with create and delete. */
export default function ThemesPage() {
  const { pCode } = useAccount();
  const client = useClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const themes = useQuery(themesQuery(client, pCode));
  const [filter, setFilter] = useState('');
  const [deleting, setDeleting] = useState<ThemeListItem | null>(null);
  const removeSpec = themeDeleteMutation(client, pCode);
  const remove = useMutation({
    mutationFn: (theme: ThemeListItem) => removeSpec.mutationFn(theme),
    onSuccess: async (data, theme) => {
      await applyCacheEffects(queryClient, removeSpec.effects(data, theme));
      // The modal closes when the deletion has finished.
      setDeleting(null);
    },
  });

  const rows = themes.data ? filterThemes(sortThemes(themes.data), filter) : [];
  return (
    <PageLayout
      title={THEMES_TITLE}
      actions={
        <>
          <Button
            intent="primary"
            text={CREATE_SITE_THEME}
            onClick={() => navigate(themeFormPath(pCode, 'SITE', 'new'))}
          />
          <Button
            intent="primary"
            variant="outlined"
            text={CREATE_APP_THEME}
            onClick={() => navigate(themeFormPath(pCode, 'APP', 'new'))}
          />
        </>
      }
    >
      <p className="assent-muted">{THEMES_DESCRIPTION}</p>
      <div className="assent-toolbar">
        <InputGroup
          type="search"
          aria-label={THEME_FILTER_LABEL}
          placeholder={THEME_FILTER_LABEL}
          value={filter}
          onValueChange={setFilter}
        />
      </div>
      {themes.error ? (
        <Callout intent="danger" role="alert">
          {errorMessage(themes.error)}
        </Callout>
      ) : !themes.data ? (
        <Spinner aria-label="Loading" />
      ) : rows.length === 0 ? (
        <p className="assent-empty-text">{NO_RESULTS_FOUND}</p>
      ) : (
        <div className="assent-table-wrap">
          <HTMLTable className="assent-themes-table" striped>
            <thead>
              <tr>
                {THEME_LIST_COLUMNS.map((column) => (
                  <th key={column.key} scope="col">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item.themeId}>
                  {THEME_LIST_COLUMNS.map((column) => (
                    <td key={column.key} data-column={column.key}>
                      {CELLS[column.key](item, {
                        pCode,
                        onDelete: (theme) => {
                          remove.reset();
                          setDeleting(theme);
                        },
                      })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={THEME_ACTION_LABELS.deleteTitle}
        confirmText={CONFIRM}
        cancelText={CANCEL}
        intent="danger"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting ? deleteThemeConfirmation(deleting.themeName) : null}</p>
      </ConfirmDialog>
    </PageLayout>
  );
}
