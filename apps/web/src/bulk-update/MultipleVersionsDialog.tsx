import {
  MULTIPLE_VERSIONS_CANCEL,
  MULTIPLE_VERSIONS_DETECTED,
  MULTIPLE_VERSIONS_NEXT,
  MULTIPLE_VERSIONS_TEXT,
} from '@assent/core/bulk-update';
import { cmpVersionLabel } from '@assent/core/property';
import type { PropertyListItem } from '@assent/core/property';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';

/** 'Multiple versions detected': the selected properties run different CMP versions. */
export function MultipleVersionsDialog({
  selected,
  onCancel,
  onNext,
}: {
  selected: readonly PropertyListItem[];
  onCancel: () => void;
  onNext: () => void;
}) {
  const counts = new Map<string, number>();
  for (const p of selected) {
    const label = cmpVersionLabel(p.cmpVersion);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return (
    <Dialog
      isOpen
      title={MULTIPLE_VERSIONS_DETECTED}
      onClose={onCancel}
      className="assent-form-dialog"
    >
      <DialogBody>
        <p>{MULTIPLE_VERSIONS_TEXT}</p>
        <ul data-testid="bulk-versions">
          {[...counts].map(([label, count]) => (
            <li key={label}>
              {label}: {count}
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MULTIPLE_VERSIONS_CANCEL} onClick={onCancel} />
            <Button intent="primary" text={MULTIPLE_VERSIONS_NEXT} autoFocus onClick={onNext} />
          </>
        }
      />
    </Dialog>
  );
}
