import type { Callback } from './tcfapi';

/** `__uspapi('getUSPData', 1, cb)` answers `{version: 1, uspString}`. */
export function createUspApi(getUspString: () => string) {
  return (command: unknown, version: unknown, callback: unknown) => {
    if (typeof callback !== 'function') return;
    const cb = callback as Callback;
    if (command === 'getUSPData' && (version === 1 || version === undefined))
      cb({ version: 1, uspString: getUspString() }, true);
    else cb(null, false);
  };
}
