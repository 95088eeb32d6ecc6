import { Button, Callout } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { useEffect, useId, useRef, useState } from 'react';

/** Copies text to the clipboard: the async Clipboard API, else a selected textarea. */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy');
  } finally {
    area.remove();
  }
}

export interface CopyBlockProps {
  /** The label above the block (also the accessible name of the code). */
  label: string;
  text: string;
  /** What shows after a successful copy. */
  copiedMessage: string;
  /** How long the confirmation stays, in ms. */
  confirmationMs: number;
  /** @default 'COPY' */
  copyText?: string;
}

/** A read-only code block with a copy button and a confirmation that goes away by itself. */
export function CopyBlock({
  label,
  text,
  copiedMessage,
  confirmationMs,
  copyText = 'COPY',
}: CopyBlockProps) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | { error: string }>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await copyToClipboard(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), confirmationMs);
    } catch (error) {
      console.error('Assent: copy to clipboard failed', error);
      setState({ error: 'Copy failed: select the text and copy it yourself.' });
    }
  };

  return (
    <div className="assent-copy-block">
      <div className="assent-copy-block-header">
        <span id={`${id}-label`} className="assent-copy-block-label">
          {label}
        </span>
        <Button icon={<DuplicateIcon />} text={copyText} onClick={copy} size="small" />
      </div>
      <pre className="assent-code" aria-labelledby={`${id}-label`} tabIndex={0} role="region">
        <code>{text}</code>
      </pre>
      <div aria-live="polite">
        {state === 'copied' ? (
          <Callout intent="success" compact>
            {copiedMessage}
          </Callout>
        ) : typeof state === 'object' ? (
          <Callout intent="danger" compact>
            {state.error}
          </Callout>
        ) : null}
      </div>
    </div>
  );
}
