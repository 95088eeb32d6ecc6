import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Account } from '../app/AccountContext';
import { AttentionProvider } from '../components/attention';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import { AnnouncementsModal } from './AnnouncementsModal';
import { Header } from './Header';
import { HelpCenterButton } from './HelpCenterButton';
import { OperatorWarnings } from './OperatorWarnings';
import { TabBar } from './TabBar';

export const SKIP_TO_CONTENT = 'Skip to content';

/**
 * The frame of every signed-in page: the global header, the tab bar when working in an account,
 * the page, the Help Center button and the announcements. Modals and popups take turns
 * (`AttentionProvider`, issue 17 item 9).
 */
export function Shell({
  account,
  content,
}: {
  account: Account | undefined;
  /** What the page area shows. @default the matched child route */
  content?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <AttentionProvider>
      <div className="assent-shell">
        <a href="#main" className="assent-skip-link">
          {SKIP_TO_CONTENT}
        </a>
        <Header account={account} />
        <OperatorWarnings />
        {account ? <TabBar pCode={account.pCode} /> : null}
        <main id="main" tabIndex={-1} className="assent-main">
          {/* A new path gets a fresh boundary, so one broken page does not stick. */}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<Loading />}>{content ?? <Outlet />}</Suspense>
          </ErrorBoundary>
        </main>
        <HelpCenterButton />
        <AnnouncementsModal />
      </div>
    </AttentionProvider>
  );
}
