import { TAG_COPIED_CONFIRMATION_MS } from '@assent/core/account';
import { DOCUMENTATION_ALERT, TAG_COPIED } from '@assent/core/property';
import { tagQuery } from '@assent/core/queries';
import { DISPLAY_PERSISTENT_LINK, TAG_TITLES, TCF_TAG_TAB } from '@assent/core/tags';
import type { TagType } from '@assent/core/tags';
import {
  AnchorButton,
  Button,
  Callout,
  Checkbox,
  Collapse,
  DialogBody,
  DialogFooter,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { Dialog } from '../components/Dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HELP_CENTER_URL } from '../app/product';
import { useClient } from '../app/ServicesContext';
import { errorMessage } from '../components/alerts';
import { CopyBlock } from '../components/CopyBlock';

export const TAG_TAB = 'Tag';
export const INSTRUCTIONS_BUTTON = 'INSTRUCTIONS';
export const CLOSE_BUTTON = 'CLOSE';
export const STYLES_BLOCK_LABEL = 'Styles for the page head';
export const TAG_BLOCK_LABEL = 'Tag';
/**
 * The spec names the 'TCF 2.0 Tag' tab and nothing more; the runtime speaks TCF 2.2 and later, whose
 * TC strings (format version 2) TCF 2.0 vendors read, so the tab shows the same tag and says so.
 */
export const TCF_TAG_NOTE =
  'There is no separate TCF 2.0 tag: TCF 2.0 was replaced by TCF 2.2, and this tag writes TC strings that vendors of every TCF 2 version read. It is the same tag as in the Tag tab.';
/** The documentation alert's text and link (properties-and-tags §8 gives only its title). */
export const DOCUMENTATION_ALERT_TEXT =
  'Was anything in these steps unclear or missing? Tell us in the Help Center and we will improve them.';
export const DOCUMENTATION_FEEDBACK = 'Send feedback';

export interface TagDialogProps {
  pCode: string;
  type: TagType;
  /** The property (uuid) of a site or AMP tag. */
  propertyId?: string | undefined;
  /** Premium accounts also get the 'TCF 2.0 Tag' tab. */
  premium: boolean;
  onClose: () => void;
}

/** 'Your Universal Tag', 'Your Site Tag' or 'Your Choice AMP Tag', with copy and instructions. */
export default function TagDialog({ pCode, type, propertyId, premium, onClose }: TagDialogProps) {
  const client = useClient();
  const [persistentLink, setPersistentLink] = useState(false);
  const [showInstructions, setShowInstructions] = useState(false);
  const [tab, setTab] = useState<'tag' | 'tcf20'>('tag');
  const tag = useQuery(tagQuery(client, { pCode, type, id: propertyId, persistentLink }));

  const body = () => {
    if (tag.isPending) return <Spinner size={24} aria-label="Loading the tag" />;
    if (tag.isError) {
      return (
        <Callout intent="danger" role="alert">
          {errorMessage(tag.error)}
        </Callout>
      );
    }
    const { snippet, styles, instructions } = tag.data;
    return (
      <>
        <Collapse isOpen={showInstructions}>
          <Callout intent="primary" className="assent-tag-instructions">
            <ol>
              {instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </Callout>
          <Callout intent="success" title={DOCUMENTATION_ALERT} className="assent-doc-alert">
            <p>{DOCUMENTATION_ALERT_TEXT}</p>
            <AnchorButton
              size="small"
              variant="outlined"
              href={HELP_CENTER_URL}
              target="_blank"
              rel="noopener noreferrer"
              text={DOCUMENTATION_FEEDBACK}
            />
          </Callout>
        </Collapse>
        {tab === 'tcf20' ? <p className="assent-muted">{TCF_TAG_NOTE}</p> : null}
        <CopyBlock
          label={TAG_BLOCK_LABEL}
          text={snippet}
          copiedMessage={TAG_COPIED}
          confirmationMs={TAG_COPIED_CONFIRMATION_MS}
        />
        {styles ? (
          <CopyBlock
            label={STYLES_BLOCK_LABEL}
            text={styles}
            copiedMessage={TAG_COPIED}
            confirmationMs={TAG_COPIED_CONFIRMATION_MS}
          />
        ) : null}
      </>
    );
  };

  return (
    <Dialog isOpen title={TAG_TITLES[type]} onClose={onClose} className="assent-tag-dialog">
      <DialogBody>
        {premium ? (
          <Tabs
            id="assent-tag-tabs"
            selectedTabId={tab}
            onChange={(id) => setTab(id === 'tcf20' ? 'tcf20' : 'tag')}
          >
            <Tab id="tag" title={TAG_TAB} />
            <Tab id="tcf20" title={TCF_TAG_TAB} />
          </Tabs>
        ) : null}
        {type === 'amp' ? (
          <Checkbox
            label={DISPLAY_PERSISTENT_LINK}
            checked={persistentLink}
            onChange={(event) => setPersistentLink(event.currentTarget.checked)}
          />
        ) : null}
        {body()}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={INSTRUCTIONS_BUTTON}
              onClick={() => setShowInstructions((v) => !v)}
              aria-expanded={showInstructions}
              disabled={!tag.isSuccess}
            />
            <Button text={CLOSE_BUTTON} intent="primary" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
