import {
  PREVIEW_CLOSE,
  PREVIEW_COOKIES,
  THEME_CARD_TITLES,
  PREVIEW_MESSAGE_TYPE,
  previewReducer,
  toThemePayload,
} from '@assent/core/theme';
import type { ThemeValues } from '@assent/core/theme';
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useReducer } from 'react';
import { useClient } from '../app/ServicesContext';
import { Dialog } from '../components/Dialog';

/** Deletes the consent cookies of a document, so the banner shows as to a first-time visitor. */
function clearConsentCookies(doc: Document): void {
  for (const name of PREVIEW_COOKIES) {
    doc.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/** The server's preview frame: it deletes the consent cookies and runs the script posted to it. */
const PREVIEW_FRAME_PATH = '/banner/preview/frame';

/**
 * The full-screen Preview Mode: the unsaved values go to the server's preview route; a spinner
 * shows while it answers; the banner's script (stub first) is then posted into the server's preview
 * frame, which deletes the consent cookies and runs it. A failure shows the spec's message. Closing removes the iframe and deletes
 * the cookies the preview may have set.
 */
export function PreviewDialog({
  pCode,
  values,
  onClose,
}: {
  pCode: string;
  values: ThemeValues;
  onClose: () => void;
}) {
  const client = useClient();
  const [state, dispatch] = useReducer(previewReducer, { status: 'fetching' });
  useEffect(() => {
    let live = true;
    client.themes
      .preview({ query: { pCode }, body: toThemePayload(values) })
      .then((result) => {
        if (!live) return;
        if ('error' in result) console.warn('Assent: the preview failed', result.error);
        dispatch({ type: 'result', result });
      })
      .catch((error: unknown) => {
        console.error('Assent: the preview could not be requested', error);
        if (live) dispatch({ type: 'failed' });
      });
    return () => {
      live = false;
      clearConsentCookies(document);
    };
    // One request per opening: the values are those of the moment PREVIEW was pressed.
  }, []);

  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };
  return (
    <Dialog
      isOpen
      title={THEME_CARD_TITLES.previewMode}
      className="assent-preview-dialog"
      isCloseButtonShown={false}
      onClose={close}
    >
      <div className="assent-preview-body">
        {state.status === 'fetching' ? (
          <Spinner aria-label="Loading the preview" />
        ) : state.status === 'failed' ? (
          <Callout intent="danger" role="alert">
            {state.message}
          </Callout>
        ) : state.status === 'ready' ? (
          <iframe
            title={THEME_CARD_TITLES.previewMode}
            className="assent-preview-frame"
            // No sandbox: the banner needs its origin's cookies, and a sandbox allowing both scripts and
            // the same origin isolates nothing. The frame is the server's own page under its own policy.
            src={PREVIEW_FRAME_PATH}
            onLoad={(event) =>
              event.currentTarget.contentWindow?.postMessage(
                { type: PREVIEW_MESSAGE_TYPE, script: state.script },
                window.location.origin,
              )
            }
          />
        ) : null}
      </div>
      <div className="assent-preview-footer">
        <Button intent="primary" text={PREVIEW_CLOSE} onClick={close} />
      </div>
    </Dialog>
  );
}
