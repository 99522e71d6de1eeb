import { defineConfig } from 'vite';

/**
 * The corporate TV's service worker, built alone after the app (`npm run build`) into
 * dist/tv-sw.js: one classic script at the site's root, registered with scope /tv. Built apart so
 * it shares no chunk with the app and keeps a fixed name.
 */
export default defineConfig({
  // Workbox reads NODE_ENV to drop its development logging.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    emptyOutDir: false,
    outDir: 'dist',
    copyPublicDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/features/tv/service-worker.ts',
      formats: ['iife'],
      name: 'eloTvServiceWorker',
      fileName: () => 'tv-sw.js',
    },
  },
});
