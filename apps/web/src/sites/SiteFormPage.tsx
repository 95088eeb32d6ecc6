import { afterSiteSavePath } from '@assent/core/property';
import { CHOSEN_THEME_QUERY } from '@assent/core/theme';
import { Callout } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import DeletePropertyDialog from '../properties/DeletePropertyDialog';
import { NEW_USER_WELCOME, SITE_FORM_TITLES } from '../property-form/copy';
import { PropertyFormPending, PropertyLoadFailure } from '../property-form/PropertyLoadFailure';
import { usePropertyFormData } from '../property-form/use-property-form-data';
import { formValuesOf } from '../property-form/use-property-form';
import { SiteForm } from './SiteForm';

/** The actions the site page takes (routes check them before rendering this page). */
export type SiteFormAction = 'new' | 'edit' | 'delete' | 'newuser';

export interface SiteFormPageProps {
  action: SiteFormAction;
  /** The site's uuid for edit and delete. */
  id?: string | undefined;
  /** Where CANCEL and a successful save go. @default the properties list (`afterSiteSavePath`) */
  returnTo?: string;
}

/**
 * /sites/{action}/{id?}: Create a site (new, and newuser for a first site), Edit a site, or the
 * delete confirmation over the edit form. A missing site shows not found; 401/403 access denied.
 */
export default function SiteFormPage({ action, id, returnTo }: SiteFormPageProps) {
  const { pCode } = useAccount();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const editing = action === 'edit' || action === 'delete';
  const { init, property: site, identifiers } = usePropertyFormData(pCode, 'SITE', id, editing);
  const initialValues = useMemo(
    () => (site.data ? formValuesOf(site.data) : init.data?.defaults),
    [site.data, init.data],
  );

  if (editing && site.error) return <PropertyLoadFailure error={site.error} />;
  if (!init.data || !initialValues || (editing && !site.data)) {
    const title = editing ? SITE_FORM_TITLES.edit : SITE_FORM_TITLES.new;
    return <PropertyFormPending title={title} pCode={pCode} error={init.error} />;
  }
  const back = returnTo ?? afterSiteSavePath(pCode);
  return (
    <>
      <SiteForm
        key={id ?? 'new'}
        pCode={pCode}
        init={init.data}
        initialValues={initialValues}
        siteId={editing ? id : undefined}
        editable={site.data?.editable ?? true}
        identifiers={identifiers}
        returnTo={back}
        chosenThemeId={search.get(CHOSEN_THEME_QUERY) ?? undefined}
        intro={action === 'newuser' ? <Callout intent="primary">{NEW_USER_WELCOME}</Callout> : null}
      />
      {action === 'delete' && site.data ? (
        // Cancel stays on the site's edit form; a delete goes to the properties list.
        <DeletePropertyDialog
          pCode={pCode}
          item={site.data}
          onClose={() => navigate(paths.siteEdit(pCode, site.data.uuid), { replace: true })}
          onDeleted={() => navigate(paths.properties(pCode))}
        />
      ) : null}
    </>
  );
}
