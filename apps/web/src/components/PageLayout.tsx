import { H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect } from 'react';
import { markHydrated } from '../app/server-rendered';

export interface PageLayoutProps {
  title: ReactNode;
  /** The document title; defaults to the title when it is a string. */
  documentTitle?: string;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** Above the title: a back link or a banner. */
  before?: ReactNode;
  children: ReactNode;
}

/** One page of the console: a heading with its actions, then the content. */
export function PageLayout({ title, documentTitle, actions, before, children }: PageLayoutProps) {
  const docTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  // A server-rendered page works from here on (#root stops being inert): in the commit that
  // hydrated it, not in a later task (a low-priority hydration's effects can wait long).
  useLayoutEffect(markHydrated, []);
  useEffect(() => {
    if (docTitle) document.title = `${docTitle} · Assent`;
  }, [docTitle]);
  return (
    <section className="assent-page">
      {before}
      <header className="assent-page-header">
        <H1 className="assent-page-title">{title}</H1>
        {actions ? <div className="assent-page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
