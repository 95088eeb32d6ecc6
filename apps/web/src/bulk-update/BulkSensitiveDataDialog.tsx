import { SENSITIVE_DATA_CATEGORIES, SENSITIVE_DATA_DIALOG_TITLE } from '@assent/core/property';
import { Checkbox, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../components/Dialog';
import { OkCancelFooter } from '../property-form/fields';

/**
 * The sensitive-data categories of the MSPA 'sensitive data is processed' purpose. Closing with
 * nothing chosen removes that purpose from the list (core's `closeBulkSensitiveDataDialog`).
 */
export function BulkSensitiveDataDialog({
  selected,
  onChange,
  onClose,
}: {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** OK with the selection; Cancel and Escape with what was chosen before (possibly nothing). */
  onClose: (selected: number[]) => void;
}) {
  const [before] = useState(() => [...selected]);
  return (
    <Dialog
      isOpen
      title={SENSITIVE_DATA_DIALOG_TITLE}
      onClose={() => onClose(before)}
      className="assent-form-dialog"
    >
      <DialogBody>
        <fieldset className="assent-fieldset">
          <legend className="assent-visually-hidden">{SENSITIVE_DATA_DIALOG_TITLE}</legend>
          {SENSITIVE_DATA_CATEGORIES.map((category, index) => (
            <Checkbox
              key={category.id}
              autoFocus={index === 0}
              label={category.name}
              checked={selected.includes(category.id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...selected, category.id]
                    : selected.filter((id) => id !== category.id),
                )
              }
            />
          ))}
        </fieldset>
      </DialogBody>
      <OkCancelFooter onCancel={() => onClose(before)} onOk={() => onClose([...selected])} />
    </Dialog>
  );
}
