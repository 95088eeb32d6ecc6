import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { repoPath } from '../src/paths';

/**
 * Prebid.js from npm as a publisher bundles it: the core with its TCF, GPP and USP consent modules,
 * the activity controls (tcfControl, gppControl_usnat, gppControl_usstates) and a test bid adapter
 * that records what Prebid hands it. Built once per Prebid version into the temp directory.
 */

const serverDir = repoPath('apps', 'server');
// The package's exports hide package.json: its main file is dist/src/src/prebid.public.js.
const prebidDir = path.resolve(
  path.dirname(createRequire(path.join(serverDir, 'package.json')).resolve('prebid.js')),
  '../../..',
);
export const PREBID_VERSION = (
  JSON.parse(readFileSync(path.join(prebidDir, 'package.json'), 'utf8')) as { version: string }
).version;

/** The test bidder's code; the page maps it to a GVL vendor id (`gvlMapping`). */
export const TEST_BIDDER = 'assentTest';

/** What the test bid adapter saw of one auction (`buildRequests`' bidder request). */
export interface SeenBidderRequest {
  gdprConsent?: { gdprApplies?: boolean; consentString?: string };
  uspConsent?: string;
  gppConsent?: { gppString?: string; applicableSections?: number[] };
  /** First-party data and ids left after the activity controls (transmitUfpd, transmitEids). */
  userData: boolean;
  eids: boolean;
  regs: Record<string, unknown>;
}

const ENTRY = `
import pbjs from 'prebid.js';
import 'prebid.js/modules/consentManagementTcf';
import 'prebid.js/modules/consentManagementGpp';
import 'prebid.js/modules/consentManagementUsp';
import 'prebid.js/modules/tcfControl';
import 'prebid.js/modules/gppControl_usnat';
import 'prebid.js/modules/gppControl_usstates';
import { registerBidder } from ${JSON.stringify(path.join(prebidDir, 'dist/src/src/adapters/bidderFactory.js'))};

window.__bidderRequests = [];
registerBidder({
  code: ${JSON.stringify(TEST_BIDDER)},
  supportedMediaTypes: ['banner'],
  isBidRequestValid: () => true,
  buildRequests(bids, br) {
    const user = (br.ortb2 && br.ortb2.user) || {};
    window.__bidderRequests.push(JSON.parse(JSON.stringify({
      gdprConsent: br.gdprConsent && { gdprApplies: br.gdprConsent.gdprApplies, consentString: br.gdprConsent.consentString },
      uspConsent: br.uspConsent,
      gppConsent: br.gppConsent && { gppString: br.gppConsent.gppString, applicableSections: br.gppConsent.applicableSections },
      userData: Array.isArray(user.data) && user.data.length > 0,
      eids: !!((user.ext && user.ext.eids && user.ext.eids.length) || (user.eids && user.eids.length)),
      regs: (br.ortb2 && br.ortb2.regs) || {},
    })));
    return [];
  },
  interpretResponse: () => [],
});
pbjs.processQueue();
`;

let built: Promise<string> | undefined;

/** The bundle's source (about 100 KB gzip), from the temp directory when this version was built. */
export function prebidBundle(): Promise<string> {
  return (built ??= (async () => {
    const key = createHash('sha256').update(ENTRY).digest('hex').slice(0, 12);
    const file = path.join(os.tmpdir(), `assent-prebid-${PREBID_VERSION}-${key}.js`);
    if (existsSync(file)) return readFileSync(file, 'utf8');
    const out = await build({
      stdin: { contents: ENTRY, resolveDir: serverDir, loader: 'js' },
      bundle: true,
      format: 'iife',
      target: 'es2020',
      platform: 'browser',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const text = out.outputFiles[0]!.text;
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    return text;
  })());
}

/** Where the publisher's pages load Prebid from (tests fulfil it with the bundle). */
export const PREBID_PATH = '/prebid.js';

/**
 * The publisher's Prebid set-up after the CMP tag: all three consent modules with a timeout far
 * beyond any test's wait (so an auction held by an unanswered stub never reaches the bidder), and
 * `runAuction()` which resolves with what the bidder saw (null when no bid request was made).
 */
export function prebidScript(options: {
  gvlid: number;
  /** The consent modules the publisher configures (a missing CMP API cancels Prebid's auctions). */
  modules: ReadonlyArray<'gdpr' | 'usp' | 'gpp'>;
  actionTimeout?: number;
}): string {
  const module = (name: 'gdpr' | 'usp' | 'gpp') =>
    options.modules.includes(name)
      ? {
          [name]: {
            cmpApi: 'iab',
            timeout: 120_000,
            ...(name === 'gdpr'
              ? {
                  ...(options.actionTimeout !== undefined
                    ? { actionTimeout: options.actionTimeout }
                    : {}),
                  // tcfControl: the bidder serves basic ads (purpose 2) on legitimate interest,
                  // personalised ads (4) and measurement (7) on consent.
                  defaultLegalBasis: {
                    purposes: [1, 4, 7],
                    legIntPurposes: [2],
                    flexiblePurposes: [],
                    specialFeatures: [1],
                  },
                }
              : {}),
          },
        }
      : {};
  const config = {
    consentManagement: { ...module('gdpr'), ...module('usp'), ...module('gpp') },
    gvlMapping: { [TEST_BIDDER]: options.gvlid },
    ortb2: {
      user: {
        data: [{ name: 'publisher.test', segment: [{ id: 'sports' }] }],
        ext: { eids: [{ source: 'id.test', uids: [{ id: 'visitor-1', atype: 1 }] }] },
      },
    },
  };
  return `<script src="${PREBID_PATH}"></script>
<script>
window.pbjs = window.pbjs || { que: [] };
pbjs.que.push(function () {
  pbjs.setConfig(${JSON.stringify(config)});
  pbjs.addAdUnits([{ code: 'slot-1', mediaTypes: { banner: { sizes: [[300, 250]] } },
    bids: [{ bidder: ${JSON.stringify(TEST_BIDDER)}, params: {} }] }]);
});
window.runAuction = function () {
  return new Promise(function (resolve) {
    pbjs.que.push(function () {
      // Auctions run one at a time: what the bidder saw since this one started is this one's.
      var before = window.__bidderRequests.length;
      pbjs.requestBids({ timeout: 1000, bidsBackHandler: function () {
        resolve(window.__bidderRequests[before] || null);
      } });
    });
  });
};
</script>`;
}
