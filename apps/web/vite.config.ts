import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
