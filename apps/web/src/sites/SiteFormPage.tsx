import type { Property } from '@assent/core';
import {
  NOT_ABLE_TO_DELETE,
  PENDING_UPDATES,
  afterSiteSavePath,
  deletePropertyConfirmation,
  propertiesKeys,
  propertiesQuery,
  propertyIdentifier,
  propertyInitQuery,
  propertyKeys,
  propertyQuery,
} from '@assent/core';
import { Callout } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../app/AccountContext';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  DELETE_SITE_CONFIRM,
  DELETE_SITE_TITLE,
  NEW_USER_WELCOME,
  SITE_FORM_TITLES,
} from '../property-form/copy';
import { PropertyFormPending, PropertyLoadFailure } from '../property-form/PropertyLoadFailure';
import { useClearEmptyCurrentItemOnLeave } from '../property-form/use-clear-on-leave';
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
  const client = useClient();
  const editing = action === 'edit' || action === 'delete';
  const init = useQuery(propertyInitQuery(client, pCode, 'SITE'));
  const properties = useQuery(propertiesQuery(client, pCode));
  const site = useQuery({
    ...propertyQuery(client, { pCode, id: id ?? '', propertyType: 'SITE' }),
    enabled: editing && Boolean(id),
  });
  useClearEmptyCurrentItemOnLeave(propertyKeys.detail(pCode, id ?? ''), editing && Boolean(id));
  const identifiers = useMemo(
    () => properties.data?.filter((p) => p.uuid !== id).map(propertyIdentifier),
    [properties.data, id],
  );
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
        intro={action === 'newuser' ? <Callout intent="primary">{NEW_USER_WELCOME}</Callout> : null}
      />
      {action === 'delete' && site.data ? (
        <DeleteSiteDialog pCode={pCode} site={site.data} />
      ) : null}
    </>
  );
}

/** /sites/delete/{id}: the delete confirmation; Cancel stays on the site's edit form. */
function DeleteSiteDialog({ pCode, site }: { pCode: string; site: Property }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const name = propertyIdentifier(site);
  const remove = useMutation({
    mutationFn: () => client.sites.remove({ params: { id: site.uuid }, query: { pCode } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(pCode, site.uuid) });
      await queryClient.invalidateQueries({ queryKey: propertiesKeys.account(pCode) });
      alerts.show(`${name} was deleted.`, 'success');
      navigate(paths.properties(pCode));
    },
  });
  const close = () => navigate(paths.siteEdit(pCode, site.uuid), { replace: true });
  if (!site.editable) {
    return (
      <ConfirmDialog
        isOpen
        title={NOT_ABLE_TO_DELETE}
        acknowledgeOnly
        onConfirm={close}
        onClose={close}
      >
        <p>{PENDING_UPDATES}</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      isOpen
      title={DELETE_SITE_TITLE}
      intent="danger"
      confirmText={DELETE_SITE_CONFIRM}
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : undefined}
      onConfirm={() => remove.mutate()}
      onClose={close}
    >
      <p>
        <strong>{name}</strong>
      </p>
      <p>{deletePropertyConfirmation('site')}</p>
    </ConfirmDialog>
  );
}
