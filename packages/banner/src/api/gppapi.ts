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

  function update(next: Partial<GppState>) {
    const before = state;
    state = { ...state, ...next };
    const fire = (name: string, data: unknown) => {
      for (const [id, cb] of listeners) cb(event(name, id, data), true);
    };
    if (before.cmpStatus !== state.cmpStatus) fire('cmpStatus', state.cmpStatus);
    if (before.cmpDisplayStatus !== state.cmpDisplayStatus)
      fire('cmpDisplayStatus', state.cmpDisplayStatus);
    if (before.gppString !== state.gppString) fire('sectionChange', ping().sectionList);
    if (before.signalStatus !== state.signalStatus) fire('signalStatus', state.signalStatus);
  }

  return { handle, update, state: () => state };
}
