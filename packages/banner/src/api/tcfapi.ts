import { PURPOSE_COUNT, SPECIAL_FEATURE_COUNT, TCF_API_VERSION } from '../constants';
import type { TCModel } from '../tcf/tcstring';

export type Callback = (value: unknown, success: boolean) => void;
export type EventStatus = 'tcloaded' | 'cmpuishown' | 'useractioncomplete';
export type CmpStatus = 'stub' | 'loading' | 'loaded' | 'error';
export type DisplayStatus = 'visible' | 'hidden' | 'disabled';

export interface TcfState {
  gdprApplies: boolean;
  cmpStatus: CmpStatus;
  displayStatus: DisplayStatus;
  /** Unset until the CMP knows what happened on this page (no TCData is sent before). */
  eventStatus?: EventStatus;
  tcString?: string;
  model?: TCModel;
  /** Google's Additional Consent string, when the property asks Google providers. */
  acString?: string;
  /** Non-IAB vendors consented to. */
  others?: ReadonlySet<string>;
}

export interface TcfApiOptions {
  cmpId: number;
  cmpVersion: number;
  tcfPolicyVersion: number;
  gvlVersion: number | undefined;
  /** Vendors in scope: the keys of `vendor.consents` and `vendor.legitimateInterests`. */
  vendorIds: readonly number[];
  /** The non-IAB vendors in scope: the keys of `getNonIABVendorConsents`. */
  otherVendorIds?: readonly string[];
  loadVendorList: (version?: unknown) => Promise<unknown>;
}

/** `{ [id]: boolean }` for ids 1..count or the given ids. */
const flags = (set: readonly number[], ids: Iterable<number>) => {
  const has = new Set(set);
  const out: Record<number, boolean> = {};
  for (const id of ids) out[id] = has.has(id);
  return out;
};
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export type TcfApi = ReturnType<typeof createTcfApi>;

/** The full `__tcfapi` (CMP API v2): commands, listeners, TCData; `update` changes state and notifies. */
export function createTcfApi(opts: TcfApiOptions, initial: TcfState) {
  let state = initial;
  const listeners = new Map<number, Callback>();
  const pending: Array<() => void> = [];
  let nextListenerId = 1;

  const ready = () => !state.gdprApplies || state.eventStatus !== undefined;

  function tcData(listenerId?: number, vendorIds?: readonly number[]): Record<string, unknown> {
    const base = {
      gdprApplies: state.gdprApplies,
      tcfPolicyVersion: opts.tcfPolicyVersion,
      cmpId: opts.cmpId,
      cmpVersion: opts.cmpVersion,
    };
    const id = listenerId === undefined ? {} : { listenerId };
    if (!state.gdprApplies) return { ...base, ...id };
    const m = state.model;
    const vendors = vendorIds ?? opts.vendorIds;
    const restrictions: Record<number, Record<number, number>> = {};
    for (const r of m?.restrictions ?? []) {
      const byVendor = (restrictions[r.purposeId] ??= {});
      for (const v of r.vendorIds) byVendor[v] = r.type;
    }
    const pub = m?.publisherTC;
    return {
      tcString: state.tcString ?? '',
      ...(state.acString ? { addtlConsent: state.acString } : {}),
      ...base,
      eventStatus: state.eventStatus,
      cmpStatus: state.cmpStatus,
      ...id,
      isServiceSpecific: m?.isServiceSpecific ?? true,
      useNonStandardTexts: false,
      publisherCC: m?.publisherCC,
      purposeOneTreatment: m?.purposeOneTreatment ?? false,
      purpose: {
        consents: flags(m?.purposeConsents ?? [], range(PURPOSE_COUNT)),
        legitimateInterests: flags(m?.purposeLegitimateInterests ?? [], range(PURPOSE_COUNT)),
      },
      vendor: {
        consents: flags(m?.vendorConsents ?? [], vendors),
        legitimateInterests: flags(m?.vendorLegitimateInterests ?? [], vendors),
      },
      specialFeatureOptins: flags(m?.specialFeatureOptins ?? [], range(SPECIAL_FEATURE_COUNT)),
      publisher: {
        consents: flags(pub?.consents ?? [], range(PURPOSE_COUNT)),
        legitimateInterests: flags(pub?.legitimateInterests ?? [], range(PURPOSE_COUNT)),
        customPurpose: {
          consents: flags(pub?.customConsents ?? [], range(pub?.numCustomPurposes ?? 0)),
          legitimateInterests: flags(
            pub?.customLegitimateInterests ?? [],
            range(pub?.numCustomPurposes ?? 0),
          ),
        },
        restrictions,
      },
    };
  }

  const ping = () => ({
    gdprApplies: state.gdprApplies,
    cmpLoaded: state.cmpStatus === 'loaded',
    cmpStatus: state.cmpStatus,
    displayStatus: state.displayStatus,
    apiVersion: TCF_API_VERSION,
    cmpVersion: opts.cmpVersion,
    cmpId: opts.cmpId,
    gvlVersion: opts.gvlVersion,
    tcfPolicyVersion: opts.tcfPolicyVersion,
  });

  function handle(command: unknown, version: unknown, callback: unknown, parameter?: unknown) {
    if (typeof callback !== 'function') return;
    const cb = callback as Callback;
    // 0 or undefined means the latest version (2); anything else is not supported.
    if (!(version === undefined || version === null || version === 0 || version === 2)) {
      cb(null, false);
      return;
    }
    switch (command) {
      case 'ping':
        cb(ping(), true);
        return;
      case 'getTCData': {
        const answer = () =>
          cb(
            tcData(undefined, Array.isArray(parameter) ? (parameter as number[]) : undefined),
            true,
          );
        if (ready()) answer();
        else pending.push(answer);
        return;
      }
      case 'addEventListener': {
        const id = nextListenerId++;
        listeners.set(id, cb);
        if (ready()) cb(tcData(id), true);
        return;
      }
      case 'removeEventListener': {
        const removed = listeners.delete(parameter as number);
        cb(removed, removed);
        return;
      }
      case 'getNonIABVendorConsents': {
        // Not part of the IAB API: the consents of the publisher's own (non-IAB) vendors.
        const answer = () =>
          cb(
            {
              gdprApplies: state.gdprApplies,
              nonIabVendorConsents: Object.fromEntries(
                (opts.otherVendorIds ?? []).map((id) => [id, state.others?.has(id) ?? false]),
              ),
            },
            true,
          );
        if (ready()) answer();
        else pending.push(answer);
        return;
      }
      case 'getVendorList':
        opts.loadVendorList(parameter).then(
          (gvl) => cb(gvl, true),
          () => cb(null, false),
        );
        return;
      default:
        cb(null, false);
    }
  }

  function update(next: Partial<TcfState>) {
    state = { ...state, ...next };
    if (!ready()) return;
    for (const answer of pending.splice(0)) answer();
    if (next.eventStatus || next.tcString !== undefined || next.gdprApplies !== undefined)
      for (const [id, cb] of listeners) cb(tcData(id), true);
  }

  return { handle, update, state: () => state, tcData };
}
