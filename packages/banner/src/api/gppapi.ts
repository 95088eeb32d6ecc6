import { GPP_VERSION } from '../constants';
import type { GppSectionName } from '../gpp/sections';
import { GPP_SECTION_IDS } from '../gpp/sections';
import type { Callback, CmpStatus, DisplayStatus } from './tcfapi';

export interface GppSection {
  encoded: string;
  parsed: Record<string, unknown>;
}

export interface GppState {
  cmpStatus: CmpStatus;
  cmpDisplayStatus: DisplayStatus;
  signalStatus: 'not ready' | 'ready';
  gppString: string;
  sections: Partial<Record<GppSectionName, GppSection>>;
  applicableSections: number[];
}

export type GppApi = ReturnType<typeof createGppApi>;

/** The full `__gpp` (GPP 1.1 CMP API): ping, listeners, hasSection, getSection, getField. */
export function createGppApi(
  opts: { cmpId: number; supported: GppSectionName[] },
  initial: GppState,
) {
  let state = initial;
  const listeners = new Map<number, Callback>();
  let nextListenerId = 1;
  const supportedAPIs = opts.supported.map((n) => `${GPP_SECTION_IDS[n]}:${n}`);

  const ping = () => ({
    gppVersion: GPP_VERSION,
    cmpStatus: state.cmpStatus,
    cmpDisplayStatus: state.cmpDisplayStatus,
    signalStatus: state.signalStatus,
    supportedAPIs,
    cmpId: opts.cmpId,
    sectionList: Object.keys(state.sections).map((n) => GPP_SECTION_IDS[n as GppSectionName]),
    applicableSections: state.applicableSections.length ? state.applicableSections : [-1],
    gppString: state.gppString,
    parsedSections: Object.fromEntries(
      Object.entries(state.sections).map(([n, s]) => [n, s?.parsed]),
    ),
  });

  const event = (eventName: string, listenerId: number, data: unknown) => ({
    eventName,
    listenerId,
    data,
    pingData: ping(),
  });

  function handle(command: unknown, callback: unknown, parameter?: unknown, _version?: unknown) {
    if (typeof callback !== 'function') return;
    const cb = callback as Callback;
    const section = (name: unknown) => state.sections[name as GppSectionName];
    switch (command) {
      case 'ping':
        return cb(ping(), true);
      case 'addEventListener': {
        const id = nextListenerId++;
        listeners.set(id, cb);
        return cb(event('listenerRegistered', id, true), true);
      }
      case 'removeEventListener': {
        const removed = listeners.delete(parameter as number);
        return cb(removed, removed);
      }
      case 'hasSection':
        return cb(!!section(parameter), true);
      case 'getSection':
        return cb(section(parameter)?.parsed ?? null, true);
      case 'getField': {
        const [name, field] = String(parameter).split('.');
        const value = section(name)?.parsed[field ?? ''];
        return cb(value === undefined ? null : value, true);
      }
      default:
        return cb(null, false);
    }
  }

  /**
   * GPP 1.1's event order: when sections are about to change, `signalStatus` 'not ready' first;
   * then the status events, one `sectionChange` per changed section (its API prefix), and the new
   * `signalStatus` last.
   */
  function update(next: Partial<GppState>) {
    const before = state;
    const after = { ...state, ...next };
    const fire = (name: string, data: unknown) => {
      for (const [id, cb] of listeners) cb(event(name, id, data), true);
    };
    const changed = (Object.keys(GPP_SECTION_IDS) as GppSectionName[]).filter(
      (n) => before.sections[n]?.encoded !== after.sections[n]?.encoded,
    );
    if (changed.length && before.signalStatus === 'ready') {
      state = { ...before, signalStatus: 'not ready' };
      fire('signalStatus', 'not ready');
    }
    const signalled = state.signalStatus;
    state = after;
    if (before.cmpStatus !== after.cmpStatus) fire('cmpStatus', after.cmpStatus);
    if (before.cmpDisplayStatus !== after.cmpDisplayStatus)
      fire('cmpDisplayStatus', after.cmpDisplayStatus);
    for (const name of changed) fire('sectionChange', name);
    if (signalled !== after.signalStatus) fire('signalStatus', after.signalStatus);
  }

  /**
   * A listener the stub registered (and answered) before the CMP loaded: it gets every event. A
   * removed one (no callback) keeps its id taken.
   */
  function adopt(callback: unknown, id: number) {
    if (callback) listeners.set(id, callback as Callback);
    nextListenerId = Math.max(nextListenerId, id + 1);
  }

  return { handle, update, adopt, state: () => state };
}
