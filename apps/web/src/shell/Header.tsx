import { accountLabel } from '@assent/core/account';
import { Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { Account } from '../app/AccountContext';
import { paths } from '../app/paths';
import { PRODUCT_NAME } from '../app/product';
import { useSession } from '../auth/session';
import { AccountSwitcher } from './AccountSwitcher';
import { SdkDownloadButton } from './SdkDownloadButton';
import { UniversalTagButton } from './UniversalTagButton';
import { UserMenu } from './UserMenu';

export const ACCOUNT_CODE_LABEL = 'Account';

/** The global header: the account code, account switching, SDK, universal tag and user menu. */
export function Header({ account }: { account: Account | undefined }) {
  const { user } = useSession();
  return (
    <header className="assent-header">
      <Navbar>
        <NavbarGroup align="left">
          <NavbarHeading>
            <Link to={paths.protect} className="assent-brand">
              {PRODUCT_NAME}
            </Link>
          </NavbarHeading>
          {account ? (
            <>
              <NavbarDivider />
              <span className="assent-account-code">
                <span className="assent-muted">{ACCOUNT_CODE_LABEL} </span>
                <strong data-testid="account-code">{accountLabel(account.pCode)}</strong>
              </span>
              <AccountSwitcher pCodes={account.user.pcodes} current={account.pCode} />
            </>
          ) : null}
        </NavbarGroup>
        <NavbarGroup align="right">
          {account ? (
            <>
              <SdkDownloadButton />
              <UniversalTagButton pCode={account.pCode} />
              <NavbarDivider />
            </>
          ) : null}
          {user ? <UserMenu user={user} pCode={account?.pCode} /> : null}
        </NavbarGroup>
      </Navbar>
    </header>
  );
}
