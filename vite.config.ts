// Client build: index.html at the root, output in dist/client, hashed chunks under /build/ (SPEC §9).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './scripts/vite-first-screens';

export default defineConfig({
  plugins: [react(), firstScreens()],
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist/client',
    assetsDir: 'build',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Tiny chunks merged into others: each costs a request (a round trip on a phone) and compresses worse alone.
      output: { experimentalMinChunkSize: 1000 },
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
});
