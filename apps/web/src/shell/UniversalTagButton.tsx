import { Button } from '@blueprintjs/core';
import { CodeIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { useOrganisation } from '../app/AccountContext';

const TagDialog = lazy(() => import('../properties/TagDialog'));

export const UNIVERSAL_TAG_BUTTON = 'GET UNIVERSAL TAG';

/** Opens 'Your Universal Tag'. */
export function UniversalTagButton({ pCode }: { pCode: string }) {
  const [open, setOpen] = useState(false);
  const organisation = useOrganisation();
  return (
    <>
      <Button
        variant="minimal"
        icon={<CodeIcon />}
        text={UNIVERSAL_TAG_BUTTON}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <Suspense fallback={null}>
          <TagDialog
            pCode={pCode}
            type="universal"
            premium={organisation?.premiumEligible ?? false}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
