import { Button } from '@blueprintjs/core';
import { STEP_ACTIONS } from './copy';

interface StepFooterProps {
  /** Step 1 only: back to the properties list. */
  onCancel?: () => void;
  /** Steps 2 and 3: the previous step. */
  onBack?: () => void;
  onNext: () => void;
  nextDisabled: boolean;
  /** The last step's button. @default 'NEXT' */
  nextText?: string;
  /** While the submit runs. */
  pending?: boolean;
}

/** The steps' actions in a footer that sticks to the bottom of the window. */
export function StepFooter({
  onCancel,
  onBack,
  onNext,
  nextDisabled,
  nextText = STEP_ACTIONS.next,
  pending = false,
}: StepFooterProps) {
  return (
    <footer className="assent-form-footer assent-bulk-footer" aria-label={STEP_ACTIONS.label}>
      {onCancel ? <Button text={STEP_ACTIONS.cancel} onClick={onCancel} /> : null}
      {onBack ? <Button text={STEP_ACTIONS.back} onClick={onBack} disabled={pending} /> : null}
      <Button
        intent="primary"
        text={pending ? STEP_ACTIONS.submitting : nextText}
        disabled={nextDisabled || pending}
        onClick={onNext}
      />
    </footer>
  );
}
