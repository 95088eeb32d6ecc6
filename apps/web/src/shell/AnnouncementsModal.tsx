import {
  currentAnnouncement,
  dismissAnnouncement,
  nextAnnouncement,
  pruneAnnouncementDismissals,
  visibleAnnouncements,
} from '@assent/core/account';
import type { Announcement } from '@assent/core/account';
import { announcementsQuery } from '@assent/core/queries';
import { AnchorButton, Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useAttentionTurn } from '../components/attention';
import { Dialog } from '../components/Dialog';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClient, useConsoleStorage, useNow } from '../app/ServicesContext';

export const DISMISS_ANNOUNCEMENT = "Don't show again";
export const CLOSE_ANNOUNCEMENT = 'Remind me later';

/**
 * Timed announcements, one at a time: shown between start and end unless dismissed within the
 * expire period (stored per id). Dismissing stores the time; closing moves to the next one.
 */
export function AnnouncementsModal() {
  const client = useClient();
  const storage = useConsoleStorage();
  const now = useNow();
  const { data } = useQuery({ ...announcementsQuery(client), staleTime: 5 * 60_000 });
  const [queue, setQueue] = useState<{ items: Announcement[]; index: number } | null>(null);

  useEffect(() => {
    if (!data) return;
    const at = now();
    pruneAnnouncementDismissals(data, at, storage);
    setQueue({ items: visibleAnnouncements(data, at, storage), index: 0 });
  }, [data, now, storage]);

  const current = queue ? currentAnnouncement(queue) : undefined;
  const myTurn = useAttentionTurn('announcement', current !== undefined);
  if (!queue || !current || !myTurn) return null;
  const next = () => setQueue(nextAnnouncement(queue));
  const dismiss = () => {
    dismissAnnouncement(current, now(), storage);
    next();
  };
  const { modal } = current;
  return (
    <Dialog isOpen title={modal.title} onClose={next} className="assent-announcement">
      <DialogBody>
        {modal.imageUrl ? (
          <img src={modal.imageUrl} alt="" className="assent-announcement-image" />
        ) : null}
        {modal.content.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {modal.linkUrl ? (
              <AnchorButton
                href={modal.linkUrl}
                target="_blank"
                rel="noopener noreferrer"
                text={modal.linkText ?? modal.linkUrl}
              />
            ) : null}
            <Button text={DISMISS_ANNOUNCEMENT} onClick={dismiss} />
            <Button text={CLOSE_ANNOUNCEMENT} intent="primary" onClick={next} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
