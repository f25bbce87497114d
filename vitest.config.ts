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
          include: ['packages/server/**/*.test.ts', 'packages/contracts/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Vitest's default is one worker less than the cores: one on CI's two. An API test
          // mostly waits on its database, so three files side by side keep both cores busy.
          maxWorkers: 3,
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
          // The console's tests are all CPU: one worker per core (the default leaves one idle).
          maxWorkers: 2,
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
