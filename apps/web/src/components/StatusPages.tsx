import {
  ERROR_BOUNDARY,
  PAGE_NOT_FOUND,
  RESTRICTED_ACCESS,
  RESTRICTED_ACCESS_TEXT,
} from '@assent/core';
import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, LockIcon, SearchIcon } from '@blueprintjs/icons';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';

export const BACK_HOME = 'Back Home';
export const PAGE_NOT_FOUND_TEXT =
  'You may have reached this page in error: the address does not exist or has moved.';

function BackHome() {
  const navigate = useNavigate();
  return <Button intent="primary" text={BACK_HOME} onClick={() => navigate(paths.protect)} />;
}

/** 'Page not found' with Back Home to /protect. */
export function NotFoundPage() {
  return (
    <NonIdealState
      className="assent-status-page"
      icon={<SearchIcon size={48} />}
      title={PAGE_NOT_FOUND}
      description={PAGE_NOT_FOUND_TEXT}
      action={<BackHome />}
    />
  );
}

/** 'Restricted access' with Back Home to /protect. */
export function RestrictedPage() {
  return (
    <NonIdealState
      className="assent-status-page"
      icon={<LockIcon size={48} />}
      title={RESTRICTED_ACCESS}
      description={RESTRICTED_ACCESS_TEXT}
      action={<BackHome />}
    />
  );
}

/** What the error boundary shows: 'Something went wrong.' */
export function SomethingWentWrong({ onRetry }: { onRetry?: () => void }) {
  return (
    <NonIdealState
      className="assent-status-page"
      icon={<ErrorIcon size={48} />}
      title={ERROR_BOUNDARY}
      action={onRetry ? <Button text="Try again" onClick={onRetry} /> : undefined}
    />
  );
}
