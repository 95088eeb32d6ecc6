import { Tag } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router';
import { TABS, activeTab } from '../app/paths';

export const NEW_TAG = 'NEW';

/**
 * Properties, Themes, Vendors and Reports (marked NEW); the active tab follows the path. The
 * sections are pages, so they are plain links in a navigation landmark (every one reachable with
 * Tab, opened with Enter, and with a middle click in a new tab); the current one carries
 * aria-current="page".
 */
export function TabBar({ pCode }: { pCode: string }) {
  const { pathname } = useLocation();
  const selected = activeTab(pathname);
  return (
    <nav className="assent-tabbar" aria-label="Sections">
      <ul className="assent-tabbar-list">
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.path(pCode)}
              className="assent-tabbar-link"
              // The Properties tab also covers site, app and bulk-update pages.
              aria-current={tab.id === selected ? 'page' : undefined}
            >
              {tab.label}
              {'isNew' in tab && tab.isNew ? (
                <Tag intent="success" minimal className="assent-tabbar-tag">
                  {NEW_TAG}
                </Tag>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
