import { ConsentId } from '@assent/core/audit-log';
import type { ConsentRecord } from '@assent/core/audit-log';
import { consentRecordQuery } from '@assent/core/queries';
import { Callout, DialogBody, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { Dialog } from '../components/Dialog';
import { FormDialogFooter } from '../components/FormDialogFooter';
import { FormField } from '../components/FormField';
import { CONSENT_ID_HELP, CONSENT_ID_LABEL, FIND, FIND_CONSENT_TITLE } from './find-consent';

/** The record's facts in the order the table shows them, each with its label. */
const FACTS: ReadonlyArray<[string, (r: ConsentRecord) => string | number | null]> = [
  [CONSENT_ID_LABEL, (r) => r.id],
  ['Property', (r) => r.property ?? `${r.propertyUuid} (deleted)`],
  ['Time (UTC)', (r) => r.createdAt],
  ['Configuration version', (r) => r.configVersion],
  ['Vendor list version', (r) => r.vendorListVersion],
  ['Country', (r) => r.country],
];
const STRINGS: ReadonlyArray<[string, (r: ConsentRecord) => string | null]> = [
  ['TC string', (r) => r.tcString],
  ['GPP string', (r) => r.gppString],
  ['US privacy string', (r) => r.uspString],
];

/**
 * Find consent: a consent record of the account by the consent id a visitor quotes, shown
 * readable (the choice and its lists in words) with the strings vendors received. An id of
 * another account answers not found.
 */
export default function FindConsentDialog({
  pCode,
  onClose,
}: {
  pCode: string;
  onClose: () => void;
}) {
  const client = useClient();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const [id, setId] = useState<string>();
  const record = useQuery({
    ...consentRecordQuery(client, pCode, id ?? ''),
    enabled: id !== undefined,
    retry: false,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ConsentId.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setId(parsed.data);
  };

  return (
    <Dialog isOpen title={FIND_CONSENT_TITLE} onClose={onClose} style={{ width: 760 }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormField label={CONSENT_ID_LABEL} error={error} helperText={CONSENT_ID_HELP} required>
            {(control) => (
              <InputGroup
                {...control}
                value={input}
                autoFocus
                spellCheck={false}
                onValueChange={setInput}
              />
            )}
          </FormField>
          {id && record.isFetching ? <Spinner size={20} aria-label="Finding the record" /> : null}
          {id && record.isError ? (
            <Callout intent="danger" compact role="alert">
              {errorMessage(record.error)}
            </Callout>
          ) : null}
          {record.data && !record.isFetching ? <ConsentRecordTable record={record.data} /> : null}
        </DialogBody>
        <FormDialogFooter submitText={FIND} pending={record.isFetching} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** One consent record, readable: its facts, its choices in words, its strings. */
function ConsentRecordTable({ record }: { record: ConsentRecord }) {
  const rows: Array<[string, React.ReactNode]> = [
    ...FACTS.map(([label, value]): [string, React.ReactNode] => [label, value(record) ?? '—']),
    ...record.words.map((line): [string, React.ReactNode] => [line.label, line.text]),
    ...STRINGS.flatMap(([label, value]): Array<[string, React.ReactNode]> => {
      const s = value(record);
      return s ? [[label, <code style={{ wordBreak: 'break-all' }}>{s}</code>]] : [];
    }),
  ];
  return (
    <HTMLTable compact striped aria-label="Consent record" style={{ width: '100%' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
