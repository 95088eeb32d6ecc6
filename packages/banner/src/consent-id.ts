/**
 * A consent id: a random v4 UUID. `crypto.randomUUID` exists only in secure contexts; a page on
 * plain http gets one built from `crypto.getRandomValues`, which every browser has.
 */
export const newConsentId = (c: Crypto): string =>
  typeof c.randomUUID === 'function'
    ? c.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (d) =>
        (Number(d) ^ (c.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(d) / 4)))).toString(
          16,
        ),
      );
