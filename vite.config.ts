import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // zod in a chunk of its own: left to itself the bundler puts small shared modules (messages,
        // money formatting) beside it, and pages that need only those would download the validator.
        advancedChunks: { groups: [{ name: 'zod', test: /node_modules[\\/]zod/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
