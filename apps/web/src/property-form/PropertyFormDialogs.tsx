import { MSPA_SIGNATORY_NO, MSPA_SIGNATORY_YES } from '@assent/core/property';
import { lazy, Suspense } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { PropertyFormApi } from './context';
import { MSPA_SIGNATORY_DIALOG } from './copy';

// The heavier dialogs load when first opened.
const LegalBasisDialog = lazy(() => import('./LegalBasisDialog'));
const GoogleBasicConsentDialog = lazy(() => import('./GoogleBasicConsentDialog'));
const SensitiveDataDialog = lazy(() => import('./SensitiveDataDialog'));

/** The dialogs both forms share; the one open is the form state's `dialog`. */
export function PropertyFormDialogs({ form }: { form: PropertyFormApi }) {
  const { dialog, dispatch } = form;
  return (
    <>
      <Suspense fallback={null}>
        {dialog.kind === 'legalBasis' ? (
          <LegalBasisDialog form={form} selection={dialog.selection} />
        ) : null}
        {dialog.kind === 'googleBasicConsent' ? (
          <GoogleBasicConsentDialog form={form} purposes={dialog.purposes} issues={dialog.issues} />
        ) : null}
        {dialog.kind === 'sensitiveData' ? (
          <SensitiveDataDialog form={form} selected={dialog.selected} />
        ) : null}
      </Suspense>
      <ConfirmDialog
        isOpen={dialog.kind === 'mspaSignatory'}
        title={MSPA_SIGNATORY_DIALOG.title}
        confirmText={MSPA_SIGNATORY_YES}
        cancelText={MSPA_SIGNATORY_NO}
        onConfirm={() => dispatch({ type: 'mspaSignatory', signatory: true })}
        onClose={() => dispatch({ type: 'mspaSignatory', signatory: false })}
      >
        <p>{MSPA_SIGNATORY_DIALOG.text}</p>
      </ConfirmDialog>
    </>
  );
}
