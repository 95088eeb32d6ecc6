import { CONSENT_LIFETIME_SECONDS } from '@assent/core/runtime';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, domain?: string): void;
}

export function documentCookies(doc: Document, maxAge = CONSENT_LIFETIME_SECONDS): CookieJar {
  const secure = doc.location?.protocol === 'https:' ? ';Secure' : '';
  return {
    get(name) {
      for (const part of doc.cookie.split(';')) {
        const i = part.indexOf('=');
        if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
      }
      return undefined;
    },
    set(name, value, domain) {
      doc.cookie =
        `${name}=${encodeURIComponent(value)};path=/;max-age=${maxAge};SameSite=Lax${secure}` +
        (domain ? `;domain=${domain}` : '');
    },
  };
}

/**
 * The registrable domain (eTLD+1) of the page: the shortest suffix of the host name on which the
 * browser accepts a cookie (public suffixes such as co.uk refuse it). IP addresses and localhost
 * get a host-only cookie (undefined).
 */
export function registrableDomain(doc: Document): string | undefined {
  const host = doc.location?.hostname ?? '';
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return undefined;
  const parts = host.split('.');
  const probe = 'assent-probe';
  for (let i = parts.length - 2; i >= 0; i--) {
    const domain = parts.slice(i).join('.');
    doc.cookie = `${probe}=1;path=/;domain=${domain};SameSite=Lax`;
    if (doc.cookie.includes(`${probe}=1`)) {
      doc.cookie = `${probe}=;path=/;domain=${domain};max-age=0`;
      return domain;
    }
  }
  return undefined;
}
