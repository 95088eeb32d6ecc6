import {
  DELETE_PROPERTY_CONFIRM,
  DELETE_PROPERTY_TITLE,
  NOT_ABLE_TO_DELETE,
  PENDING_UPDATES,
  deletePropertyConfirmation,
  propertyIdentifier,
  propertyDeleted,
} from '@assent/core/property';
import type { PropertyListRow } from '@assent/core/property';
import { applyCacheEffects, propertyDeleteMutation } from '@assent/core/queries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';
import { errorMessage, useAlerts } from '../components/alerts';
import { ConfirmDialog } from '../components/ConfirmDialog';

/** What the dialog reads of a property: a list row or a stored property both serve. */
export type DeletableProperty = Pick<
  PropertyListRow,
  'uuid' | 'propertyType' | 'url' | 'packageId' | 'editable'
>;

export interface DeletePropertyDialogProps {
  pCode: string;
  item: DeletableProperty;
  /** Cancel, or OK on 'Not able to delete'. */
  onClose: () => void;
  /** After the delete, its caches refreshed and its message shown. @default onClose */
  onDeleted?: () => void;
}

/**
 * 'Are you sure you want to delete this {site|app}? This is irreversible.' A property with pending
 * updates cannot be deleted ('Not able to delete'); the server's refusal shows in the dialog.
 */
export default function DeletePropertyDialog({
  pCode,
  item,
  onClose,
  onDeleted = onClose,
}: DeletePropertyDialogProps) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const name = propertyIdentifier(item);
  const spec = propertyDeleteMutation(client, pCode);
  const remove = useMutation({
    mutationFn: () => spec.mutationFn(item),
    onSuccess: async (data) => {
      await applyCacheEffects(queryClient, spec.effects(data, item));
      alerts.show(propertyDeleted(name), 'success');
      onDeleted();
    },
  });

  if (!item.editable) {
    return (
      <ConfirmDialog
        isOpen
        title={NOT_ABLE_TO_DELETE}
        acknowledgeOnly
        onConfirm={onClose}
        onClose={onClose}
      >
        <p>{PENDING_UPDATES}</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      isOpen
      title={DELETE_PROPERTY_TITLE}
      intent="danger"
      confirmText={DELETE_PROPERTY_CONFIRM}
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : undefined}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p>
        <strong>{name}</strong>
      </p>
      <p>{deletePropertyConfirmation(item.propertyType === 'APP' ? 'app' : 'site')}</p>
    </ConfirmDialog>
  );
}
