import {
  PREVIEW_CLOSE,
  PREVIEW_COOKIES,
  THEME_CARD_TITLES,
  previewDocument,
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

/** The same deletion, run inside the preview document before the banner's script. */
const CLEAR_COOKIES_SCRIPT = `(function(n){for(var i=0;i<n.length;i++){document.cookie=n[i]+'=; Max-Age=0; path=/';}})(${JSON.stringify(PREVIEW_COOKIES)});`;

/**
 * The full-screen Preview Mode: the unsaved values go to the server's preview route; a spinner
 * shows while it answers; the banner's script (stub first) then runs in an iframe after the consent
 * cookies are deleted. A failure shows the spec's message. Closing removes the iframe and deletes
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
            // The banner needs its origin's cookies; top navigation, forms and downloads stay blocked.
            sandbox="allow-scripts allow-same-origin allow-popups"
            srcDoc={previewDocument(CLEAR_COOKIES_SCRIPT, state.script)}
          />
        ) : null}
      </div>
      <div className="assent-preview-footer">
        <Button intent="primary" text={PREVIEW_CLOSE} onClick={close} />
      </div>
    </Dialog>
  );
}
