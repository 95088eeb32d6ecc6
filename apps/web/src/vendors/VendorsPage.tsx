import { ApiError, issuesToFields } from '@assent/core';
import {
  googleAtpQuery,
  vendorSelectionKeys,
  vendorSelectionQuery,
  vendorsQuery,
} from '@assent/core/queries';
import {
  SHOW_NEW_VENDORS_EVERY,
  filterVendors,
  hasVendorSelectionChanged,
  selectVendors,
  validateVendorSelection,
  vendorSelectionSettings,
} from '@assent/core/vendors';
import type { GoogleAtp, GvlVendorSummary, VendorSelection } from '@assent/core/vendors';
import {
  Button,
  Callout,
  Checkbox,
  HTMLSelect,
  NumericInput,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAccount } from '../app/AccountContext';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { FormField } from '../components/FormField';
import { PageLayout } from '../components/PageLayout';
import { RestrictedPage } from '../components/StatusPages';
import { UnsavedChangesPrompt } from '../components/UnsavedChanges';
import { VENDORS } from './copy';
import { CustomVendors } from './CustomVendors';
import type { SelectableItem } from './SelectableList';
import { SelectableList } from './SelectableList';

type VendorItem = SelectableItem & Pick<GvlVendorSummary, 'purposes' | 'legIntPurposes'>;

/**
 * The Vendors tab: the account's selection from the current GVL (search, filter by purpose, select
 * all / none, counts), Google's ad-technology providers, custom vendors, and 'Show new vendors
 * every' (minimum 6 days).
 */
export default function VendorsPage() {
  const { pCode } = useAccount();
  const client = useClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const gvl = useQuery({ ...vendorsQuery(client, 3), staleTime: 60 * 60_000 });
  const saved = useQuery(vendorSelectionQuery(client, pCode));
  const atp = useQuery({ ...googleAtpQuery(client), staleTime: 60 * 60_000 });
  const [draft, setDraft] = useState<VendorSelection | null>(null);
  /** After a save attempt the selection's messages show, checked again at every change. */
  const [attempted, setAttempted] = useState(false);
  const [tab, setTab] = useState('iab');
  const [purposeId, setPurposeId] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (saved.data) setDraft(vendorSelectionSettings(saved.data));
  }, [saved.data]);

  const save = useMutation({
    mutationFn: (body: VendorSelection) => client.vendors.saveSelection({ query: { pCode }, body }),
    onSuccess: (data) => {
      queryClient.setQueryData(vendorSelectionKeys.account(pCode), data);
      alerts.show(VENDORS.saved, 'success');
    },
  });

  const vendors = useMemo<VendorItem[]>(
    () =>
      (gvl.data?.vendors ?? [])
        .filter((v) => !v.deletedDate)
        .map((v) => ({
          id: v.id,
          name: v.name,
          url: v.policyUrl,
          purposes: v.purposes,
          legIntPurposes: v.legIntPurposes,
          detail: v.purposes.length ? `Purposes ${v.purposes.join(', ')}` : undefined,
        })),
    [gvl.data],
  );
  const providers = useMemo<SelectableItem[]>(
    () => (atp.data ?? []).map((p: GoogleAtp) => ({ id: p.id, name: p.name, url: p.policyUrl })),
    [atp.data],
  );
  const filterIab = useCallback(
    (items: readonly VendorItem[], search: string) =>
      filterVendors(items, { search, ...(purposeId ? { purposeId } : {}) }),
    [purposeId],
  );
  const filterAtp = useCallback(
    (items: readonly SelectableItem[], search: string) =>
      filterVendors(
        items.map((i) => ({ ...i, purposes: [] as number[] })),
        { search },
      ),
    [],
  );

  if (
    saved.error instanceof ApiError &&
    (saved.error.httpStatus === 401 || saved.error.httpStatus === 403)
  ) {
    return <RestrictedPage />;
  }

  const dirty =
    draft !== null && saved.data !== undefined && hasVendorSelectionChanged(saved.data, draft);
  const set = (patch: Partial<VendorSelection>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const validation = draft ? validateVendorSelection(draft) : null;
  // Messages follow the values: a fixed value loses its message at once (issue 17 item 6).
  const errors: Record<string, string> =
    attempted && validation && !validation.ok ? issuesToFields(validation.issues) : {};
  const submit = () => {
    if (!validation) return;
    setAttempted(true);
    if (validation.ok) save.mutate(validation.value);
  };

  const failure = gvl.error ?? saved.error;
  const body = () => {
    if (failure) {
      return (
        <Callout intent="danger" role="alert">
          {errorMessage(failure)}
        </Callout>
      );
    }
    if (!draft || !gvl.data) return <Spinner aria-label="Loading vendors" />;
    return (
      <>
        <p className="assent-muted">
          {VENDORS.intro}{' '}
          {VENDORS.gvlVersion(gvl.data.vendorListVersion, gvl.data.lastUpdated.slice(0, 10))}
        </p>
        <div className="assent-vendor-settings">
          <FormField label={SHOW_NEW_VENDORS_EVERY} inline error={errors.showNewVendorsEveryDays}>
            {(control) => (
              <NumericInput
                {...control}
                min={0}
                max={350}
                value={draft.showNewVendorsEveryDays}
                onValueChange={(value) => set({ showNewVendorsEveryDays: value })}
                rightElement={<span className="assent-input-unit">{VENDORS.days}</span>}
              />
            )}
          </FormField>
          <Checkbox
            label={VENDORS.includeNew}
            checked={draft.includeNewVendors}
            onChange={(event) => set({ includeNewVendors: event.currentTarget.checked })}
          />
        </div>
        <Tabs
          id="assent-vendor-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(String(id))}
          renderActiveTabPanelOnly
        >
          <Tab
            id="iab"
            title={VENDORS.iabTab}
            tagContent={draft.vendorIds.length}
            panel={
              <SelectableList
                label={VENDORS.iabTab}
                items={vendors}
                selected={draft.vendorIds}
                onSelectedChange={(vendorIds) => set({ vendorIds })}
                filter={filterIab}
                select={selectVendors}
                toolbar={
                  <HTMLSelect
                    aria-label={VENDORS.purposeFilter}
                    value={purposeId ?? ''}
                    onChange={(event) =>
                      setPurposeId(
                        event.currentTarget.value ? Number(event.currentTarget.value) : undefined,
                      )
                    }
                    options={[
                      { value: '', label: VENDORS.allPurposes },
                      ...gvl.data.purposes.map((p) => ({
                        value: p.id,
                        label: `${p.id}. ${p.name}`,
                      })),
                    ]}
                  />
                }
              />
            }
          />
          <Tab
            id="google"
            title={VENDORS.googleTab}
            tagContent={draft.googleAtpIds.length}
            panel={
              atp.isError ? (
                <Callout intent="warning" role="alert">
                  {errorMessage(atp.error)}
                </Callout>
              ) : atp.isPending ? (
                <Spinner aria-label="Loading providers" />
              ) : (
                <SelectableList
                  label={VENDORS.googleTab}
                  items={providers}
                  selected={draft.googleAtpIds}
                  onSelectedChange={(googleAtpIds) => set({ googleAtpIds })}
                  filter={filterAtp}
                  select={selectVendors}
                />
              )
            }
          />
          <Tab
            id="custom"
            title={VENDORS.customTab}
            tagContent={draft.customVendors.length}
            panel={
              <CustomVendors
                vendors={draft.customVendors}
                purposes={gvl.data.purposes}
                errors={errors}
                onChange={(customVendors) => set({ customVendors })}
              />
            }
          />
        </Tabs>
        {save.isError ? (
          <Callout intent="danger" role="alert">
            {errorMessage(save.error)}
          </Callout>
        ) : null}
      </>
    );
  };

  return (
    <PageLayout
      title={VENDORS.title}
      actions={
        <>
          <Button
            text={VENDORS.discard}
            disabled={!dirty || save.isPending}
            onClick={() => saved.data && setDraft(vendorSelectionSettings(saved.data))}
          />
          <Button
            intent="primary"
            text={VENDORS.save}
            disabled={!dirty}
            loading={save.isPending}
            onClick={submit}
          />
        </>
      }
    >
      {body()}
      <UnsavedChangesPrompt when={dirty} />
    </PageLayout>
  );
}
