import { CONSENT_COOKIES } from '@assent/core/runtime';
import type { BannerConsentScope, StoredConsentKey } from '@assent/core/runtime';
import type { CookieJar } from './cookies';

/**
 * What is stored for a visitor: the strings vendors read (TC, Google AC, GPP, US privacy), the
 * non-IAB vendors consented to (ids joined by '.'), and our own meta
 * (`configVersion|outcome|savedAtEpochSeconds`, outcome one of a, r, p: see VISIT_OUTCOMES).
 */
export type StoredConsent = Partial<Record<StoredConsentKey, string>>;

/** Where consent lives: first-party cookies, or the group's storage (iframe or API). */
export interface ConsentStorage {
  read(): Promise<StoredConsent>;
  write(values: StoredConsent): Promise<void>;
}

/** Service scope: first-party cookies on the site's registrable domain. */
export function cookieStorage(jar: CookieJar, domain: string | undefined): ConsentStorage {
  return {
    read: async () => {
      const out: StoredConsent = {};
      for (const [key, name] of Object.entries(CONSENT_COOKIES)) {
        const value = jar.get(name);
        if (value) out[key as keyof StoredConsent] = value;
      }
      return out;
    },
    write: async (values) => {
      for (const [key, value] of Object.entries(values))
        if (value !== undefined)
          jar.set(CONSENT_COOKIES[key as keyof StoredConsent], value, domain);
    },
  };
}

/**
 * The group-consent iframe protocol. The runtime loads the group URL in a hidden iframe; the page
 * there (dist/group-frame.js) answers with the group's stored consent:
 *   frame → parent  {assent: 'ready'}
 *   parent → frame  {assent: 'read', id}           frame → parent {assent: 'read-result', id, values}
 *   parent → frame  {assent: 'write', id, values}  frame → parent {assent: 'write-result', id, ok}
 * Messages are accepted only from the group URL's origin.
 */
export type GroupFrameMessage =
  | { assent: 'ready' }
  | { assent: 'read'; id: number }
  | { assent: 'read-result'; id: number; values: StoredConsent }
  | { assent: 'write'; id: number; values: StoredConsent }
  | { assent: 'write-result'; id: number; ok: boolean };

export function groupIframeStorage(
  win: Window,
  groupUrl: string,
  timeoutMs = 3000,
): ConsentStorage {
  const origin = new URL(groupUrl).origin;
  const waiting = new Map<number, (m: GroupFrameMessage) => void>();
  let nextId = 1;
  let frame: Promise<Window> | undefined;

  win.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== origin) return;
    const m = e.data as GroupFrameMessage;
    if (m && 'id' in m) waiting.get(m.id)?.(m);
  });

  const open = () =>
    (frame ??= new Promise<Window>((resolve, reject) => {
      const iframe = win.document.createElement('iframe');
      iframe.style.display = 'none';
      iframe.title = 'consent storage';
      iframe.src = groupUrl;
      const onReady = (e: MessageEvent) => {
        if (e.origin === origin && (e.data as GroupFrameMessage)?.assent === 'ready') {
          win.removeEventListener('message', onReady);
          resolve(iframe.contentWindow as Window);
        }
      };
      win.addEventListener('message', onReady);
      setTimeout(() => reject(new Error(`Group storage at ${origin} did not answer`)), timeoutMs);
      win.document.body.appendChild(iframe);
    }));

  const call = async (m: { assent: 'read' } | { assent: 'write'; values: StoredConsent }) => {
    const target = await open();
    const id = nextId++;
    return new Promise<GroupFrameMessage>((resolve, reject) => {
      waiting.set(id, (answer) => {
        waiting.delete(id);
        resolve(answer);
      });
      setTimeout(() => reject(new Error('Group storage timed out')), timeoutMs);
      target.postMessage({ ...m, id }, origin);
    });
  };

  return {
    read: async () => {
      const r = await call({ assent: 'read' });
      return r.assent === 'read-result' ? r.values : {};
    },
    write: async (values) => {
      await call({ assent: 'write', values });
    },
  };
}

/**
 * The group-consent API: `GET {groupUrl}` answers the stored consent as JSON,
 * `PUT {groupUrl}` with a JSON body stores it (both credentialed CORS, cookie on the group domain).
 */
export function groupApiStorage(fetchFn: typeof fetch, groupUrl: string): ConsentStorage {
  return {
    read: async () => {
      const res = await fetchFn(groupUrl, { credentials: 'include' });
      if (!res.ok) throw new Error(`Group storage answered ${res.status}`);
      const body = (await res.json()) as unknown;
      const out: StoredConsent = {};
      if (body && typeof body === 'object')
        for (const key of Object.keys(CONSENT_COOKIES) as Array<keyof StoredConsent>) {
          const v = (body as Record<string, unknown>)[key];
          if (typeof v === 'string') out[key] = v;
        }
      return out;
    },
    write: async (values) => {
      const res = await fetchFn(groupUrl, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      if (!res.ok) throw new Error(`Group storage answered ${res.status}`);
    },
  };
}

/**
 * The storage for a consent scope. Group scope reads the group's consent (falling back to the
 * site's own cookies when the group does not answer) and writes both, so vendors reading the
 * first-party `euconsent-v2` cookie see the same string.
 */
export function storageFor(
  scope: BannerConsentScope,
  firstParty: ConsentStorage,
  deps: { win: Window; fetch: typeof fetch; onError: (e: unknown) => void },
): ConsentStorage {
  if (scope.type === 'service') return firstParty;
  const group =
    scope.storage === 'iframe'
      ? groupIframeStorage(deps.win, scope.groupUrl)
      : groupApiStorage(deps.fetch, scope.groupUrl);
  return {
    read: async () => {
      try {
        const values = await group.read();
        return Object.keys(values).length ? values : await firstParty.read();
      } catch (e) {
        deps.onError(e);
        return firstParty.read();
      }
    },
    write: async (values) => {
      await firstParty.write(values);
      await group.write(values).catch(deps.onError);
    },
  };
}
