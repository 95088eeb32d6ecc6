import react from '@vitejs/plugin-react';
import type { ProxyOptions } from 'vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The API server `vite` proxies to in development (`npm start` serves both on one origin). */
const API_ORIGIN = 'http://127.0.0.1:4600';
const API_PREFIXES = [
  '/auth',
  '/customization',
  '/analytics',
  '/text-customization-request',
  '/api',
  '/banner',
];

const apiProxy: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: true,
  // The server accepts cookie-authenticated writes only from its own origin.
  configure: (proxy) => {
    proxy.on('proxyReq', (request) => {
      if (request.getHeader('origin')) request.setHeader('origin', API_ORIGIN);
    });
  },
};

/** Where `vite build --ssr` writes the server render (outside dist, so it is never served). */
const SSR_OUT_DIR = 'dist-ssr';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Brotli and gzip copies beside each text asset, made once here and served by the API server
    // (@fastify/static `preCompressed`) to browsers that accept them.
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(?:js|css|html|svg|json)$/,
        exclude: /\.vite\//, // the build's manifest, read by the server, never sent
        threshold: 1024,
        skipIfLargerOrEqual: true,
      }),
  ],
  // plotly.js reads `global` (plotly.js-dist-min is added back with the first chart). The server
  // render is React's production build, as the browser's is: Vite keeps `process.env.NODE_ENV` of
  // an SSR bundle for run time, and the server does not set it, so React's development server
  // renderer (slower, 2 MB more code to hold) would render every page.
  define: {
    global: 'globalThis',
    ...(isSsrBuild && { 'process.env.NODE_ENV': JSON.stringify('production') }),
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiProxy])),
  },
  // The server render (src/entry-server.tsx) is one self-contained bundle: its dependencies are
  // bundled rather than resolved from node_modules by the server at run time.
  ssr: { noExternal: true },
  // What a server render never runs, replaced in its bundle (each stub says why): less for the
  // server to parse and hold once it has loaded the render.
  resolve: {
    alias: isSsrBuild
      ? [
          {
            find: /^plotly\.js$/,
            replacement: fileURLToPath(new URL('src/server-render/plotly.ts', import.meta.url)),
          },
          {
            find: /^\.\/paths-loaders\/(allPathsLoader|splitPathsBySizeLoader)$/,
            replacement: fileURLToPath(new URL('src/server-render/icon-paths.ts', import.meta.url)),
          },
        ]
      : [],
  },
  build: {
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist',
    // The client build's manifest (dist/.vite/manifest.json, never served: a dot directory): the
    // server links a rendered page's chunks from it (apps/server/src/ssr/module-preload.ts).
    manifest: !isSsrBuild,
    emptyOutDir: true,
    // Blueprint's all-icon path chunks (~300 kB) exist only for string icon names; we import icons.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: isSsrBuild
        ? // One file, which the server loads again after a rebuild (its lazy pages inlined).
          // Non-ASCII text (the banner's translations) escaped: a one-byte source string is half
          // the memory the server keeps for it.
          { codeSplitting: false, charset: 'ascii', comments: false }
        : {
            // Everything the entry imports statically is one file: every page loads all of it
            // anyway, and each extra file costs a request's headers on the wire (issue 16).
            codeSplitting: { groups: [{ name: 'entry', tags: ['$initial'] }] },
          },
    },
  },
}));
