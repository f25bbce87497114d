import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console reads the shared contracts from source, so a change there shows up
// without rebuilding packages/contracts first.
const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

export default defineConfig({
  // Pinned so `vite build` and the root vitest project agree whatever the cwd is.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@factory/contracts': contracts } },
  // The manifest lets bench/console-size.mjs measure what the login page really loads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
