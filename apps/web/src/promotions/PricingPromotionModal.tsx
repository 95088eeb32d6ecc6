import { recordPricingPromotionShown, shouldShowPricingPromotion } from '@assent/core/account';
import type { Organisation } from '@assent/core/account';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useAttentionTurn } from '../components/attention';
import { Dialog } from '../components/Dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useConsoleStorage, useNow } from '../app/ServicesContext';
import { MAYBE_LATER, PRICING_CTA, PRICING_TEXT, PRICING_TITLE } from './copy';

/** 'From Consent to Cashflow': once per account code, when both terms acceptances are present. */
export function PricingPromotionModal({ organisation }: { organisation: Organisation }) {
  const storage = useConsoleStorage();
  const now = useNow();
  const navigate = useNavigate();
  const [show, setShow] = useState(() => shouldShowPricingPromotion(organisation, storage));
  const myTurn = useAttentionTurn('pricingPromotion', show);
  if (!myTurn) return null;
  const close = (then?: () => void) => {
    recordPricingPromotionShown(organisation.pcode, now(), storage);
    setShow(false);
    then?.();
  };
  return (
    <Dialog isOpen title={PRICING_TITLE} onClose={() => close()}>
      <DialogBody>
        {PRICING_TEXT.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MAYBE_LATER} onClick={() => close()} />
            <Button
              intent="primary"
              text={PRICING_CTA}
              autoFocus
              onClick={() => close(() => navigate(paths.monetisation(organisation.pcode)))}
            />
          </>
        }
      />
    </Dialog>
  );
}
