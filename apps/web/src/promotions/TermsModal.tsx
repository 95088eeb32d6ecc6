import { buildTermsAcceptance } from '@assent/core/account';
import type { Organisation, TermsProductType } from '@assent/core/account';
import { organisationKeys } from '@assent/core/queries';
import { Button, Callout, Checkbox, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { TERMS_ACCEPT, TERMS_CHECKBOX, TERMS_TEXT, TERMS_TITLE } from './copy';

/**
 * 'Access more with your existing login': shown when either terms acceptance is missing; accepting
 * saves the missing ones (CMP and SSP) for the account code with the user's e-mail.
 */
export default function TermsModal({
  organisation,
  email,
  onAccepted,
  onClose,
}: {
  organisation: Organisation;
  email: string;
  onAccepted: () => void;
  onClose: () => void;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const accept = useMutation({
    mutationFn: async () => {
      const missing: TermsProductType[] = [
        ...(organisation.cmpTosAccepted ? [] : (['CMP'] as const)),
        ...(organisation.sspTosAccepted ? [] : (['SSP'] as const)),
      ];
      for (const productType of missing) {
        await client.auth.acceptTerms({
          body: buildTermsAcceptance({ pcode: organisation.pcode, email }, productType),
        });
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all });
      onAccepted();
    },
  });
  return (
    <Dialog isOpen title={TERMS_TITLE} onClose={accept.isPending ? undefined : onClose}>
      <DialogBody>
        <p>{TERMS_TEXT}</p>
        <Checkbox
          label={TERMS_CHECKBOX}
          checked={checked}
          onChange={(event) => setChecked(event.currentTarget.checked)}
        />
        {accept.isError ? (
          <Callout intent="danger" compact role="alert">
            {errorMessage(accept.error)}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={accept.isPending} />
            <Button
              intent="primary"
              text={TERMS_ACCEPT}
              disabled={!checked}
              loading={accept.isPending}
              onClick={() => accept.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
