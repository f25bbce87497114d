import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Tests read the contracts from source, so no build step is needed before `vitest`.
const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

/**
 * Files that take far longer than the rest (30–90 s against 1–5 s), started first. Vitest runs the
 * files it has timed longest-first, but a fresh clone (CI) has no timings, and its fallback, the
 * largest file first, starts these small files last: the fuzz run on PostgreSQL then ran alone at
 * the end for over a minute.
 */
const LONGEST_FILES = [/fuzz/, /permission-matrix/, /dtu-task-excel/, /dtu-task-events/, /dtu-mqtt/, /file-store-concurrency/];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: within a rank, Vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { alias: { '@factory/contracts': contracts } },
  test: {
    sequence: { sequencer: LongestFirst },
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
          // The files of a worker share its modules: importing the app anew for each of the 124
          // files cost about 2 s a file (256 s of the suite's worker time). Every test builds its
          // own app and database, so nothing that matters is left behind; module state a test
          // reads (the password hash cost) it sets itself.
          isolate: false,
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
          // As the server's: the files of a worker share its modules (antd and the pages imported
          // once a worker, not once a file); each file still gets a fresh happy-dom window. The
          // suite went from 314 s to 148 s, passing in either order Vitest picks. What a test stubs on the
          // global is put back after it, and test helpers keep no counters of their own across files.
          isolate: false,
          unstubGlobals: true,
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
          // One file at a time. Two side by side (each with its own server, database and browser)
          // took 4 min instead of 8 and passed 4 full runs of 5, but the fifth failed the DTU
          // batch journey (dtu-sampling) under the load; until that is understood, CI runs them in turn.
          fileParallelism: false,
          // As the server's: the files share their worker's modules (the simulator, playwright-core, the
          // contracts imported once, not once a file); each file still starts its own server and browser.
          // Four files: import 7.4 s → 3.5 s.
          isolate: false,
          // expect.poll's default is 1 s. A page that answers in 1.2 s because the machine is
          // busy is not a failure; one that never shows what is awaited still fails.
          expect: { poll: { timeout: 5000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
