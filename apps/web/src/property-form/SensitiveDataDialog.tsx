import { SENSITIVE_DATA_CATEGORIES, SENSITIVE_DATA_DIALOG_TITLE } from '@assent/core/property';
import { OkCancelFooter } from './fields';
import { Checkbox, DialogBody } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import type { PropertyFormApi } from './context';

/**
 * 'Please select the purposes for your sensitive data processing:' — the sensitive-data
 * categories. OK keeps the selection; closing with none chosen resets the answer to No.
 */
export default function SensitiveDataDialog({
  form,
  selected,
}: {
  form: PropertyFormApi;
  selected: readonly number[];
}) {
  const { dispatch } = form;
  return (
    <Dialog
      isOpen
      title={SENSITIVE_DATA_DIALOG_TITLE}
      onClose={() => dispatch({ type: 'dialogCancel' })}
      shouldReturnFocusOnClose
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
                dispatch({
                  type: 'sensitiveDataToggle',
                  id: category.id,
                  checked: event.currentTarget.checked,
                })
              }
            />
          ))}
        </fieldset>
      </DialogBody>
      <OkCancelFooter
        onCancel={() => dispatch({ type: 'dialogCancel' })}
        onOk={() => dispatch({ type: 'sensitiveDataOk' })}
      />
    </Dialog>
  );
}
