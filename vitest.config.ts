import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests read the contracts from source, so no build step is needed before `vitest`.
const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@factory/contracts': contracts } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'simulator',
          include: ['packages/simulator/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: './packages/web/vite.config.ts',
        resolve: { alias: { '@factory/contracts': contracts } },
        test: {
          name: 'web',
          root: './packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
