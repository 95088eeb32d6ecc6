import {
  PROPERTY_MORE_OPTIONS,
  PROPERTY_ROW_ACTIONS,
  propertyIdentifier,
} from '@assent/core/property';
import type { PropertyListRow } from '@assent/core/property';
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import {
  ChartIcon,
  CodeIcon,
  DownloadIcon,
  EditIcon,
  MoreIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import type { PropertyDialog } from './dialogs';

/** Reports, Edit and More Options (download logs, get tag, get AMP tag, delete) of one row. */
export function RowActions({
  pCode,
  item,
  onDialog,
}: {
  pCode: string;
  item: PropertyListRow;
  onDialog: (dialog: PropertyDialog) => void;
}) {
  const navigate = useNavigate();
  const name = propertyIdentifier(item);
  const isSite = item.propertyType === 'SITE';
  return (
    <div className="assent-row-actions">
      <Button
        size="small"
        variant="minimal"
        icon={<ChartIcon />}
        text={PROPERTY_ROW_ACTIONS.reports}
        aria-label={`${PROPERTY_ROW_ACTIONS.reports}: ${name}`}
        onClick={() =>
          navigate(isSite ? paths.siteDetail(pCode, item.uuid) : paths.appDetail(pCode, item.uuid))
        }
      />
      <Button
        size="small"
        variant="minimal"
        icon={<EditIcon />}
        text={PROPERTY_ROW_ACTIONS.edit}
        aria-label={`${PROPERTY_ROW_ACTIONS.edit}: ${name}`}
        onClick={() =>
          navigate(isSite ? paths.siteEdit(pCode, item.uuid) : paths.appEdit(pCode, item.uuid))
        }
      />
      <PopoverNext
        arrow={false}
        placement="bottom-end"
        content={
          <Menu aria-label={`${PROPERTY_ROW_ACTIONS.moreOptions}: ${name}`}>
            {isSite ? (
              <>
                <MenuItem
                  icon={<DownloadIcon />}
                  text={PROPERTY_MORE_OPTIONS.downloadLogs}
                  onClick={() => onDialog({ kind: 'downloadLogs', item })}
                />
                <MenuItem
                  icon={<CodeIcon />}
                  text={PROPERTY_MORE_OPTIONS.getTag}
                  onClick={() => onDialog({ kind: 'tag', type: 'site', item })}
                />
                <MenuItem
                  icon={<CodeIcon />}
                  text={PROPERTY_MORE_OPTIONS.getAmpTag}
                  disabled={!item.ampEnabled}
                  title={item.ampEnabled ? undefined : 'AMP is not enabled for this site'}
                  onClick={() => onDialog({ kind: 'tag', type: 'amp', item })}
                />
              </>
            ) : null}
            <MenuItem
              icon={<TrashIcon />}
              intent="danger"
              text={PROPERTY_MORE_OPTIONS.delete}
              onClick={() => onDialog({ kind: 'delete', item })}
            />
          </Menu>
        }
      >
        <Button
          size="small"
          variant="minimal"
          icon={<MoreIcon />}
          aria-label={`${PROPERTY_ROW_ACTIONS.moreOptions}: ${name}`}
          title={PROPERTY_ROW_ACTIONS.moreOptions}
        />
      </PopoverNext>
    </div>
  );
}
