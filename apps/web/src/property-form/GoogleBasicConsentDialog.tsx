import type { Issue } from '@assent/core';
import { GBC_PURPOSES } from '@assent/core/property';
import type { GbcDefaultValue, GbcPurposeSetting } from '@assent/core/property';
import { OkCancelFooter } from './fields';
import { Button, Callout, Checkbox, DialogBody, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { CrossIcon } from '@blueprintjs/icons';
import type { PropertyFormApi } from './context';
import { GBC_DIALOG } from './copy';

/**
 * The Google basic consent dialog: each purpose checked or not, with a default value only for a
 * checked one. OK needs one checked purpose ('Please select at least one purpose', a closable
 * alert); Cancel with none turns the feature back off.
 */
export default function GoogleBasicConsentDialog({
  form,
  purposes,
  issues,
}: {
  form: PropertyFormApi;
  purposes: readonly GbcPurposeSetting[];
  issues: readonly Issue[];
}) {
  const { dispatch } = form;
  return (
    <Dialog
      isOpen
      title={GBC_DIALOG.title}
      onClose={() => dispatch({ type: 'dialogCancel' })}
      shouldReturnFocusOnClose
      className="assent-form-dialog"
    >
      <DialogBody>
        {issues.map((issue) => (
          <Callout
            key={issue.rule}
            intent="danger"
            compact
            className="assent-form-callout"
            role="alert"
          >
            <div className="assent-form-inline assent-callout-row">
              <span>{issue.message}</span>
              <Button
                variant="minimal"
                size="small"
                icon={<CrossIcon />}
                aria-label={GBC_DIALOG.dismiss}
                onClick={() => dispatch({ type: 'gbcDismissIssues' })}
              />
            </div>
          </Callout>
        ))}
        <HTMLTable compact className="assent-fill">
          <tbody>
            {GBC_PURPOSES.map((purpose, index) => {
              const setting = purposes.find((p) => p.id === purpose.id);
              const enabled = setting?.enabled === true;
              return (
                <tr key={purpose.id}>
                  <td>
                    <Checkbox
                      autoFocus={index === 0}
                      className="assent-row-checkbox"
                      label={purpose.name}
                      checked={enabled}
                      onChange={(event) =>
                        dispatch({
                          type: 'gbcPurpose',
                          id: purpose.id,
                          enabled: event.currentTarget.checked,
                        })
                      }
                    />
                  </td>
                  <td>
                    <HTMLSelect
                      aria-label={`${GBC_DIALOG.defaultValue}: ${purpose.name}`}
                      disabled={!enabled}
                      value={enabled ? (setting?.defaultValue ?? 'DENIED') : ''}
                      onChange={(event) =>
                        dispatch({
                          type: 'gbcDefault',
                          id: purpose.id,
                          defaultValue: event.currentTarget.value as GbcDefaultValue,
                        })
                      }
                    >
                      {enabled ? null : <option value="">{GBC_DIALOG.defaultValue}</option>}
                      <option value="GRANTED">{GBC_DIALOG.granted}</option>
                      <option value="DENIED">{GBC_DIALOG.denied}</option>
                    </HTMLSelect>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <OkCancelFooter
        onCancel={() => dispatch({ type: 'dialogCancel' })}
        onOk={() => dispatch({ type: 'gbcOk' })}
      />
    </Dialog>
  );
}
