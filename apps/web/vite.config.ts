import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The default theme's main colour (lib/theme.ts); a company's own colour applies once signed in. */
const themeColor = '#2563eb';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable portal (issue 30): /manifest.webmanifest and the worker /sw.js (src/sw.ts),
    // which the app registers itself after the first paint (lib/pwa/register.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/painel',
        name: 'Elo — Comunicação corporativa',
        short_name: 'Elo',
        description: 'O portal de comunicação da sua empresa.',
        lang: 'pt-BR',
        start_url: '/painel',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: themeColor,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: the page, its entry code and styles, the mark. The other chunks (pages, the
        // administration) are kept as they are used (src/sw.ts), not all fetched on first visit.
        globPatterns: ['index.html', 'assets/index-*.{js,css}', 'favicon.svg', 'icons/*.png'],
        globIgnores: ['tv-sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      // The API and the chat socket live on the Fastify server; in production it serves this build.
      '/backend': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    // bench/ reads the manifest to measure the login route's first-load JavaScript.
    manifest: true,
    sourcemap: false,
  },
});
