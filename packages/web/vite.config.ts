import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

// The console reads the shared contracts from source, so a change there shows up
// without rebuilding packages/contracts first.
const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** In `vite` dev, /station and below open the station app as the server does in production (platform/console.ts). */
const stationRoute: Plugin = {
  name: 'station-route',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const pathname = request.url?.split('?')[0];
      if (pathname === '/station' || pathname?.startsWith('/station/')) request.url = '/station.html';
      next();
    });
  },
};

export default defineConfig({
  // Pinned so `vite build` and the root vitest project agree whatever the cwd is.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), stationRoute, precompress()],
  resolve: { alias: { '@factory/contracts': contracts } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets bench/console-size.mjs measure what the login page and the station app really load.
    manifest: true,
    // Two pages: the console, and the station app the terminals open at /station (its own small entry).
    rollupOptions: { input: { index: page('index.html'), station: page('station.html') } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
