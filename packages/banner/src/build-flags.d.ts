/**
 * Whether a build carries the US screen and the US encoders (build.mjs defines it: false in
 * cmp-gdpr.js, which the server sends to every visitor outside the US regulation; true elsewhere
 * and in tests). Code only US visitors need is guarded by it, so esbuild drops it from that file.
 */
declare const __ASSENT_US__: boolean;
