import {
  CHANGE_PASSWORD,
  LOGOUT_LABEL,
  ORGANISATION_TITLE,
  userDisplayName,
} from '@assent/core/account';
import type { AccountUser } from '@assent/core/account';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import {
  CaretDownIcon,
  KeyIcon,
  LockIcon,
  LogOutIcon,
  PeopleIcon,
  UserIcon,
} from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from '../app/ServicesContext';
import { paths } from '../app/paths';
import { useSessionChange } from '../auth/session';
import { useAlerts } from '../components/alerts';
import { TWO_FACTOR_SETTINGS } from '../security/labels';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

/**
 * The user menu: name and e-mail, the current account's Organisation page (members, invitations
 * and the two-factor requirement), the user's two-factor sign-in settings, Change Password and
 * Logout.
 */
export function UserMenu({ user, pCode }: { user: AccountUser; pCode?: string | undefined }) {
  const client = useClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const sessionChanged = useSessionChange();
  const [changingPassword, setChangingPassword] = useState(false);
  const name = userDisplayName(user);

  const logout = async () => {
    try {
      await client.auth.signOut();
    } catch (error) {
      // The session is dropped on this side either way; the server forgets it when it expires.
      console.error('Assent: sign-out failed', error);
    }
    // Leave the protected pages before the session is dropped: the sign-in page is then not
    // reached through the auth wrapper's redirect, which keeps the page for whoever signs in next.
    // flushSync commits the move at once (a transition would keep this page up while the sign-in
    // page loads).
    await navigate(paths.login, { replace: true, flushSync: true });
    sessionChanged(null);
  };

  return (
    <>
      <PopoverNext
        arrow={false}
        placement="bottom-end"
        content={
          <Menu aria-label="User menu">
            <li className="assent-user-card" role="none">
              <div className="assent-user-name">{name}</div>
              <div className="assent-muted">{user.email}</div>
            </li>
            <MenuDivider />
            {pCode ? (
              <MenuItem
                icon={<PeopleIcon />}
                text={ORGANISATION_TITLE}
                onClick={() => void navigate(paths.organisation(pCode))}
              />
            ) : null}
            {pCode ? (
              <MenuItem
                icon={<LockIcon />}
                text={TWO_FACTOR_SETTINGS.menuItem}
                onClick={() => void navigate(paths.security(pCode))}
              />
            ) : null}
            <MenuItem
              icon={<KeyIcon />}
              text={CHANGE_PASSWORD}
              onClick={() => setChangingPassword(true)}
            />
            <MenuItem icon={<LogOutIcon />} text={LOGOUT_LABEL} onClick={logout} />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          icon={<UserIcon />}
          endIcon={<CaretDownIcon />}
          text={name}
          aria-label={`User menu: ${name}`}
        />
      </PopoverNext>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            onClose={() => setChangingPassword(false)}
            onChanged={(message) => alerts.show(message, 'success')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
