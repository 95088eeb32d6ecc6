import { Tab, Tabs } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { TABS, activeTab } from '../app/paths';

export const NEW_TAG = 'NEW';

/** Properties, Themes, Vendors and Reports (marked NEW); the active tab follows the path. */
export function TabBar({ pCode }: { pCode: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = activeTab(pathname);
  return (
    <nav className="assent-tabbar" aria-label="Sections">
      <Tabs
        id="assent-sections"
        selectedTabId={selected ?? ''}
        onChange={(id) => {
          const tab = TABS.find((t) => t.id === id);
          if (tab) navigate(tab.path(pCode));
        }}
        size="large"
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.id}
            id={tab.id}
            title={tab.label}
            {...('isNew' in tab && tab.isNew
              ? { tagContent: NEW_TAG, tagProps: { intent: 'success', minimal: true } }
              : {})}
          />
        ))}
      </Tabs>
    </nav>
  );
}
