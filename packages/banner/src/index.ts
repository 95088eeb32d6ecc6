/**
 * @assent/banner: the consent runtime visitors' browsers run. `init` starts it; the modules are
 * exported for tests and for the server (which builds stub options and serves the dist files).
 */
export type { Cmp, Endpoints, InitOptions, RuntimeDeps } from './cmp';
export { browserDeps, init } from './cmp';
export { consentModeDefaults, signalsFromChoices, signalsFromUsChoice } from './consent-mode';
export { encodeGppString, encodeUsSection } from './gpp/gpp';
export { GPP_SECTION_IDS } from './gpp/sections';
export { uspString, usSignal } from './gpp/us';
export type { StubOptions } from './stub';
export type { ConsentStorage, GroupFrameMessage, StoredConsent } from './storage/storage';
export { decodeTCString, encodeTCString } from './tcf/tcstring';
export type { TCModel } from './tcf/tcstring';
