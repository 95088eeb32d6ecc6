import { stateSensitiveDataProcessing } from '@assent/core/runtime';
import type { UsSignal } from '@assent/core/runtime';
import { BitWriter } from '../bits';
import type { GppSectionName, UsSectionLayout } from './sections';
import { GPP_SECTION_IDS, US_FIELD_NAMES, US_SECTIONS } from './sections';

function fieldValue(s: UsSignal, code: string, section: string): number | number[] {
  const [name, count] = code.split(':') as [string, string | undefined];
  const n = Number(count ?? 1);
  switch (name) {
    case 'shN':
      return s.notice.sharing;
    case 'saN':
      return s.notice.sale;
    case 'shON':
      return s.notice.sharingOptOut;
    case 'taN':
      return s.notice.targetedAdvertising;
    case 'sdpN':
    case 'sdN':
      return s.notice.sensitiveData;
    case 'sdlN':
      return s.notice.sensitiveDataLimitUse;
    case 'pN':
      return s.notice.processing;
    case 'saO':
      return s.saleOptOut;
    case 'shO':
      return s.sharingOptOut;
    case 'taO':
      return s.targetedAdvertisingOptOut;
    case 'sdp':
      return section === 'usnat'
        ? Array.from({ length: n }, (_, i) => s.sensitiveDataProcessing[i] ?? 0)
        : stateSensitiveDataProcessing(s, section, n);
    case 'kc':
      return Array<number>(n).fill(s.knownChildSensitiveData);
    case 'pdc':
      return s.personalDataConsents;
    case 'adc':
      return 0;
    case 'mct':
      return s.mspaCoveredTransaction;
    case 'moom':
      return s.mspaOptOutOptionMode;
    case 'mspm':
      return s.mspaServiceProviderMode;
    default:
      throw new Error(`Unknown GPP field ${code}`);
  }
}

/** One US section: the core segment, then the GPC subsection when the section has one. */
export function encodeUsSection(name: keyof typeof US_SECTIONS, s: UsSignal): string {
  const layout: UsSectionLayout = US_SECTIONS[name];
  const w = new BitWriter().int(layout.version, 6);
  for (const code of layout.fields) {
    const v = fieldValue(s, code, name);
    for (const x of Array.isArray(v) ? v : [v]) w.int(x, 2);
  }
  const core = w.base64url();
  if (!layout.gpc) return core;
  return `${core}.${new BitWriter().int(1, 2).bool(s.gpc).base64url()}`;
}

/** The section's fields by GPP name, as `__gpp('getSection')` returns them. */
export function parseUsSection(
  name: keyof typeof US_SECTIONS,
  s: UsSignal,
): Record<string, unknown> {
  const layout = US_SECTIONS[name];
  const out: Record<string, unknown> = { Version: layout.version };
  for (const code of layout.fields) {
    const v = fieldValue(s, code, name);
    const [key, count] = code.split(':');
    out[US_FIELD_NAMES[key ?? ''] ?? code] = Array.isArray(v) && count === '1' ? v[0] : v;
  }
  if (layout.gpc) Object.assign(out, { GpcSegmentType: 1, Gpc: s.gpc });
  return out;
}

/** Section ids as the GPP header's Fibonacci range (a count, then single ids or ranges as deltas). */
export function encodeGppHeader(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const id of sorted) {
    const g = groups[groups.length - 1];
    if (g && g[g.length - 1] === id - 1) g.push(id);
    else groups.push([id]);
  }
  const w = new BitWriter().int(3, 6).int(1, 6).int(groups.length, 12);
  let offset = 0;
  for (const g of groups) {
    const start = g[0] ?? 0;
    const end = g[g.length - 1] ?? 0;
    w.bool(start !== end).fibonacci(start - offset);
    offset = start;
    if (start !== end) {
      w.fibonacci(end - offset);
      offset = end;
    }
  }
  return w.base64url();
}

/** The GPP string: header, then each section's string in section-id order. */
export function encodeGppString(sections: Partial<Record<GppSectionName, string>>): string {
  const entries = (Object.entries(sections) as Array<[GppSectionName, string | undefined]>)
    .filter((e): e is [GppSectionName, string] => typeof e[1] === 'string')
    .map(([name, value]) => [GPP_SECTION_IDS[name], value] as const)
    .sort((a, b) => a[0] - b[0]);
  return [encodeGppHeader(entries.map((e) => e[0])), ...entries.map((e) => e[1])].join('~');
}
