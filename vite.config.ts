import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  // `vite build` builds both environments: the browser's bundle, then the server-rendering one.
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: '../../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: { 'entry-server': 'entry-server.tsx' } },
      },
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // zod in a chunk of its own: left to itself the bundler puts small shared modules (messages,
        // money formatting) beside it, and pages that need only those would download the validator.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
