// Client build: index.html at the root, output in dist/client, hashed chunks under /build/ (SPEC §9), and the
// installable app (SPEC §1): the web app manifest and a service worker at /service-worker.js that precaches the shell
// and every lazily loaded screen.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreens } from './scripts/vite-first-screens';

const THEME_COLOR = '#1f2a37';

/**
 * Modules that do nothing when loaded beyond defining what they export (checked: no top-level statement of ours in
 * these folders runs anything), so the build may leave them out where unused and merge their small chunks. DOMPurify
 * makes its default instance on load: without it here every screen importing the UI kit would carry it, so it goes
 * only where the rich text's read-only view and the search's highlights use it. The helper packages of React
 * Bootstrap (dom-helpers, uncontrollable, Babel's helpers) declare nothing, but are plain functions.
 */
const PURE_ON_LOAD = [
  /\/node_modules\/dompurify\//,
  /\/node_modules\/(dom-helpers|uncontrollable|@babel\/runtime)\//,
  /\/src\/client\/(ui|api)\//,
  /\/src\/shared\/format\//,
];

/**
 * Marks the page with the build's identity (`<meta name="sd6-build">`): SD6_BUILD_ID when given, else a digest of the
 * emitted file names (content hashes), so a build that changes anything changes index.html and with it the worker.
 */
function buildId(): Plugin {
  return {
    name: 'sd6-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const names = Object.keys(context.bundle ?? {})
          .filter((name) => !name.endsWith('.map'))
          .sort();
        const id =
          process.env.SD6_BUILD_ID ||
          createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
        return html.replace('{{SD6_BUILD}}', id);
      },
    },
  };
}

/**
 * React Router 7's package exports name only its development build, whose dev warnings stay on and ship: a build takes
 * the production files the package also carries (both import the same relative chunks, so one router instance).
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    firstScreens(),
    buildId(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      // The app registers the worker itself (src/client/pwa), in production builds only, and asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      // index.html links the icons itself; the plugin adds the manifest link.
      includeAssets: ['favicon.ico', 'apple-touch-icon.png'],
      manifest: {
        name: 'SD6',
        short_name: 'SD6',
        description: 'Cases, time slips, agreements and accounts of the IT service desk.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every lazily loaded chunk; not the .br/.gz copies written after the build, not source maps,
        // and not the API reference's renderer (~400 kB gzip): the document it shows is read from the API, which is
        // never there offline, so every device would download it for nothing.
        globPatterns: ['index.html', 'build/**/*.{js,css,woff,woff2,ttf,svg,png,jpg,jpeg,gif,webp}'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '.vite/**', 'build/swagger-view-*'],
        // Workbox refuses files over 2 MB by default; a screen's chunk must never be left out of the shell.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // One file at /service-worker.js, no separate workbox-*.js beside it.
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // Page routes get the precached shell; the server fills its values at request time and /index.html is that
        // filled page, so the precached copy carries this instance's environment.
        navigateFallback: '/index.html',
        // Paths the server answers itself (the API, chunks, probes, metrics) must reach it, never the shell.
        navigateFallbackDenylist: [
          /^\/api(\/|$)/,
          /^\/build\//,
          /^\/metrics$/,
          /^\/healthz$/,
          /^\/readyz$/,
          /^\/service-worker\.js$/,
          /^\/manifest\.webmanifest$/,
        ],
        // No runtime caching: API responses carry a session's data and are never cached by the worker.
        runtimeCaching: [],
        // A new version waits until Refresh Page (skip waiting); a first install takes the open page at once, so
        // it works offline without a reload.
        skipWaiting: false,
        clientsClaim: true,
      },
    }),
  ],
  root: '.',
  // Icons and the favicon, copied to the root of the build (served with no-cache, not as immutable chunks).
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    assetsDir: 'build',
    emptyOutDir: true,
    sourcemap: true,
    // The API reference's renderer (Swagger UI, ~1.4 MB minified) is one chunk loaded by that screen alone.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Chunks under 4 kB merged into others: each costs a request (on a phone's HTTP/1.1, six at a time, a round
      // trip each) and compresses worse alone. Rollup merges only chunks it knows run no code of their own on load.
      // At 10 kB it merged modules many screens share (money formatting) into the entry every screen loads: /login
      // 150.1 kB, over its budget; at 4 kB 149.2 kB in 7 files (one more) and /manage/case 161.6 kB (was 162.0).
      output: { experimentalMinChunkSize: 4_000 },
      treeshake: { moduleSideEffects: (id) => !PURE_ON_LOAD.some((pattern) => pattern.test(id)) },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; keep the build output readable.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    // `vite` alone: the API runs on the app server (npm start).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
