import type { DashboardFilterSelection, ReportFilterValue } from '@assent/core/reports';
import {
  applicableLabel,
  DASHBOARD_FILTER_CATEGORIES,
  DEVICE_TYPE_LABELS,
  MORE_FILTERS,
  REPORT_BROWSERS,
  REPORT_DEVICE_TYPES,
  REPORT_OPERATING_SYSTEMS,
  REPORT_PAGE_FORMATS,
} from '@assent/core/reports';
import { Button, Checkbox, Classes, DrawerSize, H5 } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { Drawer } from '../../components/Drawer';

type CategoryKey = (typeof DASHBOARD_FILTER_CATEGORIES)[number]['key'];

const APPLICABLE = [true, false].map((v) => ({ value: v, label: applicableLabel(v) }));

/** The values each drawer category offers, with their labels (values the server's filters read). */
export const FILTER_OPTIONS: Record<
  CategoryKey,
  ReadonlyArray<{ value: ReportFilterValue; label: string }>
> = {
  regulation: ['GDPR', 'CCPA', 'MSPA'].map((v) => ({ value: v, label: v })),
  deviceType: REPORT_DEVICE_TYPES.map((v) => ({ value: v, label: DEVICE_TYPE_LABELS[v] })),
  os: REPORT_OPERATING_SYSTEMS.map((v) => ({ value: v, label: v })),
  pageFormat: REPORT_PAGE_FORMATS.map((v) => ({ value: v, label: v })),
  browser: REPORT_BROWSERS.map((v) => ({ value: v, label: v })),
  gbcApplicable: APPLICABLE,
  copApplicable: APPLICABLE,
  advancedApplicable: APPLICABLE,
};

export const APPLY_FILTERS = 'Apply';
export const CLEAR_FILTERS = 'Clear all';

/**
 * 'More Filters': a drawer with the eight categories (reports-and-account §2). Choices are a draft
 * until Apply; nothing chosen in a category means all of it.
 */
export function FiltersDrawer({
  value,
  onApply,
}: {
  value: DashboardFilterSelection;
  onApply: (selection: DashboardFilterSelection) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DashboardFilterSelection>(value);
  const count = Object.values(value).reduce((n, values) => n + (values?.length ?? 0), 0);
  const toggle = (key: CategoryKey, v: ReportFilterValue) =>
    setDraft((d) => {
      const current = d[key] ?? [];
      const next = current.includes(v) ? current.filter((x) => x !== v) : [...current, v];
      return { ...d, [key]: next };
    });
  return (
    <>
      <Button
        icon={<FilterIcon />}
        text={count ? `${MORE_FILTERS} (${count})` : MORE_FILTERS}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setDraft(value);
          setOpen(true);
        }}
      />
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        title={MORE_FILTERS}
        size={DrawerSize.SMALL}
        className="assent-filters-drawer"
      >
        <div className={`${Classes.DRAWER_BODY} assent-filters-drawer-body`}>
          {DASHBOARD_FILTER_CATEGORIES.map((category) => (
            <fieldset key={category.key} className="assent-filter-category">
              <legend>
                <H5>{category.label}</H5>
              </legend>
              {FILTER_OPTIONS[category.key].map((option) => (
                <Checkbox
                  key={String(option.value)}
                  label={option.label}
                  checked={(draft[category.key] ?? []).includes(option.value)}
                  onChange={() => toggle(category.key, option.value)}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <div className={`${Classes.DRAWER_FOOTER} assent-filters-drawer-footer`}>
          <Button text={CLEAR_FILTERS} onClick={() => setDraft({})} />
          <Button
            intent="primary"
            text={APPLY_FILTERS}
            onClick={() => {
              const applied = Object.fromEntries(
                Object.entries(draft).filter(([, values]) => (values?.length ?? 0) > 0),
              ) as DashboardFilterSelection;
              onApply(applied);
              setOpen(false);
            }}
          />
        </div>
      </Drawer>
    </>
  );
}
