import type { DrawerProps as BlueprintDrawerProps } from '@blueprintjs/core';
import { Button, Classes, Drawer as BlueprintDrawer, H4 } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useId, useRef } from 'react';

export const CLOSE_DRAWER = 'Close';

export interface DrawerProps extends Pick<
  BlueprintDrawerProps,
  'isOpen' | 'onClose' | 'size' | 'position' | 'className'
> {
  /** The heading, which also names the dialog (`aria-labelledby`). */
  title: string;
  children: ReactNode;
}

/**
 * Blueprint's Drawer as a labelled modal dialog: Blueprint's own panel has no role and no name, so
 * its content sits in a `role="dialog"` named by the heading. Opening moves focus onto the dialog
 * (a screen reader announces its name), Tab stays inside, Esc and the close button close it, and
 * focus returns to the control that opened it (Blueprint's overlay).
 */
export function Drawer({ title, children, onClose, ...props }: DrawerProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  return (
    <BlueprintDrawer
      {...props}
      onClose={onClose}
      onOpened={() => {
        if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="assent-drawer-dialog"
      >
        <div className={Classes.DRAWER_HEADER}>
          <H4 id={titleId}>{title}</H4>
          <Button
            aria-label={CLOSE_DRAWER}
            className={Classes.DIALOG_CLOSE_BUTTON}
            icon={<SmallCrossIcon size={20} />}
            variant="minimal"
            onClick={onClose}
          />
        </div>
        {children}
      </div>
    </BlueprintDrawer>
  );
}
