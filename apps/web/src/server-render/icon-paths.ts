// The server render's Blueprint icon path loaders (vite.config.ts aliases them for `vite build
// --ssr` only). The console imports its icons as components, whose paths are in their modules;
// an icon named by a string (inside Blueprint) has its paths loaded in an effect, which a server
// render never runs, so the server's markup is the browser's first render either way. The real
// loaders would inline every icon's paths (1 MB) into the server's one-file bundle.
const noPaths = async (): Promise<undefined> => undefined;
export const allPathsLoader = noPaths;
export const splitPathsBySizeLoader = noPaths;
