import type { LoaderOptions } from '../loader/loader';
import { startLoader } from '../loader/loader';

/** The server replaces this token with the runtime's and the configuration's URLs (cmp.js). */
declare const __ASSENT_LOADER__: LoaderOptions;

startLoader(window, __ASSENT_LOADER__);
