import { accountCodeFromSegment, homeAccount, isAccountMember } from '@assent/core/account';
import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../auth/session';
import { BulkUpdateStoreProvider } from '../bulk-update/store';
import { NotFoundPage, RestrictedPage } from '../components/StatusPages';
import { ProductsPage } from '../promotions/ProductsPage';
import { Shell } from '../shell/Shell';
import { AccountContext } from './AccountContext';
import { paths } from './paths';

/** /protect: the first account's properties, or the restricted page without an account code. */
export function ProtectHome() {
  const { user } = useSession();
  const first = user ? homeAccount(user) : undefined;
  if (!first) return <Shell account={undefined} content={<RestrictedPage />} />;
  return <Navigate to={paths.properties(first)} replace />;
}

const PRODUCTS_SEGMENT = /^([a-z0-9-]+)-products$/i;

/**
 * /protect/{segment}: an account (p-{pCode}) whose pages need membership, or the products page
 * /protect/{product}-products, shown regardless of account code.
 */
export function ProtectSegment() {
  const { segment = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const pCode = accountCodeFromSegment(segment);
  const account = useMemo(() => (user && pCode ? { pCode, user } : undefined), [user, pCode]);
  if (!user) return null;
  // Anything after /protect/{segment}/.
  const rest = pathname.split('/').slice(3).filter(Boolean).join('/');
  const products = PRODUCTS_SEGMENT.exec(segment);
  if (products && !segment.startsWith('p-')) {
    return (
      <Shell
        account={undefined}
        content={rest ? <NotFoundPage /> : <ProductsPage product={products[1] ?? ''} />}
      />
    );
  }
  if (!pCode || !account) return <Shell account={undefined} content={<NotFoundPage />} />;
  if (!isAccountMember(user, pCode))
    return <Shell account={undefined} content={<RestrictedPage />} />;
  return (
    <AccountContext.Provider value={account}>
      <BulkUpdateStoreProvider key={pCode}>
        <Shell account={account} />
      </BulkUpdateStoreProvider>
    </AccountContext.Provider>
  );
}
