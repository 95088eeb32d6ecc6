import { Button, NonIdealState } from '@blueprintjs/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { errorMessage } from '../components/alerts';
import { Loading } from '../components/Loading';
import { useSession } from './session';

/** Where the sign-in page returns to after signing in. */
export interface SignInRedirectState {
  from?: string;
}

/**
 * The authentication wrapper: a centred 'Loading...' while asking who is signed in, a redirect to
 * /login when nobody is, the protected pages otherwise. A visitor, or a user whose session ran out
 * mid-use, comes back to the page they were on after signing in (Logout leaves for /login itself
 * before dropping the session, so it never comes through here).
 */
export function AuthGate() {
  const { user, error, refetch } = useSession();
  const location = useLocation();
  if (user === null) {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (error) {
    return (
      <NonIdealState
        className="assent-status-page"
        title="Cannot reach Assent"
        description={errorMessage(error)}
        action={<Button text="Try again" onClick={() => refetch()} />}
      />
    );
  }
  if (!user) return <Loading />;
  return <Outlet />;
}
