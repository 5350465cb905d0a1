// Client build: index.html at the root, output in dist/client, hashed chunks under /build/ (SPEC §9).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist/client',
    assetsDir: 'build',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which files each screen loads first (scripts/build.mjs checks their size).
    manifest: true,
    chunkSizeWarningLimit: 700,
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
});
