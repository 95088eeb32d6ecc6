import {
  homeAccount,
  recordProductsWelcomeShown,
  shouldShowProductsWelcome,
} from '@assent/core/account';
import { Button, Card, Dialog, DialogBody, DialogFooter, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useConsoleStorage, useNow } from '../app/ServicesContext';
import { useSession } from '../auth/session';
import { PageLayout } from '../components/PageLayout';
import { PRODUCTS } from './copy';

/**
 * /protect/{product}-products: the products of the login, shown regardless of account code, with
 * the welcome modal every 3 days (259,200,000 ms).
 */
export function ProductsPage({ product }: { product: string }) {
  const { user } = useSession();
  const storage = useConsoleStorage();
  const now = useNow();
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState(() => shouldShowProductsWelcome(now(), storage));
  const first = user ? homeAccount(user) : undefined;
  const closeWelcome = () => {
    recordProductsWelcomeShown(now(), storage);
    setWelcome(false);
  };
  return (
    <PageLayout title={PRODUCTS.title} documentTitle={`${PRODUCTS.title} (${product})`}>
      <div className="assent-cards">
        <Card elevation={1}>
          <H3>{PRODUCTS.cmpTitle}</H3>
          <p>{PRODUCTS.cmpText}</p>
          <Button
            intent="primary"
            text={PRODUCTS.cmpAction}
            onClick={() => navigate(first ? paths.properties(first) : paths.protect)}
          />
        </Card>
        <Card elevation={1}>
          <H3>{PRODUCTS.sspTitle}</H3>
          <p>{PRODUCTS.sspText}</p>
          <Button
            text={PRODUCTS.sspAction}
            disabled={!first}
            onClick={() => first && navigate(paths.monetisation(first))}
          />
        </Card>
      </div>
      <Dialog isOpen={welcome} title={PRODUCTS.welcomeTitle} onClose={closeWelcome}>
        <DialogBody>
          <p>{PRODUCTS.welcomeText}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <Button intent="primary" text={PRODUCTS.welcomeOk} onClick={closeWelcome} autoFocus />
          }
        />
      </Dialog>
    </PageLayout>
  );
}
