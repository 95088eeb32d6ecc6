import type { StubOptions } from '../stub';
import { installStub } from '../stub';

/** The server replaces this token with the property's stub options (JSON) when inlining the stub. */
declare const __ASSENT_STUB_OPTIONS__: StubOptions;

installStub(window as unknown as Window & Record<string, unknown>, __ASSENT_STUB_OPTIONS__);
