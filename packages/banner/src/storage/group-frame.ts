import type { CookieJar } from './cookies';
import type { GroupFrameMessage, StoredConsent } from './storage';
import { cookieStorage } from './storage';

/**
 * The page served at the group URL (iframe storage): answers the group protocol for the sites of
 * the group (`allowedOrigins`), storing consent in the group domain's cookies.
 */
export function serveGroupStorage(
  win: Window,
  jar: CookieJar,
  allowedOrigins: readonly string[],
): void {
  const store = cookieStorage(jar, undefined);
  win.addEventListener('message', (e: MessageEvent) => {
    if (!allowedOrigins.includes(e.origin)) return;
    const m = e.data as GroupFrameMessage;
    const reply = (answer: GroupFrameMessage) =>
      (e.source as Window | null)?.postMessage(answer, e.origin);
    if (m?.assent === 'read')
      void store
        .read()
        .then((values: StoredConsent) => reply({ assent: 'read-result', id: m.id, values }));
    else if (m?.assent === 'write')
      void store.write(m.values).then(() => reply({ assent: 'write-result', id: m.id, ok: true }));
  });
  for (const origin of allowedOrigins) win.parent.postMessage({ assent: 'ready' }, origin);
}
