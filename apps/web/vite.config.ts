import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// In development the Fastify server runs on :3000; the browser talks to Vite, which forwards
// API and dev-tool calls so everything stays same-origin, as it is in production.
const API_TARGET = 'http://127.0.0.1:3000';

// `vite build` makes the browser app: the whole app (index.html) and the islands entries of /, /pricing and /free-leads,
// with a manifest that scripts/prerender.ts reads. `vite build --ssr` makes the prerenderer.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: {
            main: fileURLToPath(new URL('./index.html', import.meta.url)),
            'islands-landing': fileURLToPath(new URL('./src/islands/landing.ts', import.meta.url)),
            'islands-pricing': fileURLToPath(new URL('./src/islands/pricing.ts', import.meta.url)),
            'islands-free-leads': fileURLToPath(new URL('./src/islands/free-leads.tsx', import.meta.url)),
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
}));
