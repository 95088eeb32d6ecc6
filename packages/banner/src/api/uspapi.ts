import type { Callback } from './tcfapi';

export type UspApi = ReturnType<typeof createUspApi>;

/**
 * `__uspapi('getUSPData', 1, cb)` answers `{version: 1, uspString}`. Calls made before the runtime
 * knows the visitor's string (region, stored choice, GPC) wait for `update`: answering them with
 * "not applicable" would tell a vendor that a Californian has not opted out.
 */
export function createUspApi() {
  let uspString: string | undefined;
  const pending: Callback[] = [];
  const answer = (cb: Callback) => cb({ version: 1, uspString }, true);

  function handle(command: unknown, version: unknown, callback: unknown) {
    if (typeof callback !== 'function') return;
    const cb = callback as Callback;
    if (command !== 'getUSPData' || !(version === 1 || version === undefined)) cb(null, false);
    else if (uspString === undefined) pending.push(cb);
    else answer(cb);
  }

  function update(next: string) {
    uspString = next;
    for (const cb of pending.splice(0)) answer(cb);
  }

  return { handle, update };
}
