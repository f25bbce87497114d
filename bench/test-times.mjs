// Times each part of `npm test` on this machine and prints a table (issue 14: the
// whole suite under 10 minutes on 2 cores). Run from the repository root:
//   node bench/test-times.mjs            every part, as `npm test` runs them
//   node bench/test-times.mjs web e2e    only those parts
// Needs TEST_DATABASE_URL for the PostgreSQL half of the server tests, as CI sets it.
import { spawnSync } from 'node:child_process';

const PARTS = [
  ['check', ['run', 'check']],
  ['server', ['run', 'test:server']],
  ['simulator', ['run', 'test:simulator']],
  ['web', ['run', 'test:web']],
  ['e2e', ['run', 'test:e2e']],
];

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const wanted = process.argv.slice(2);
const chosen = wanted.length ? PARTS.filter(([name]) => wanted.includes(name)) : PARTS;
const rows = [];
let failed = false;
for (const [name, args] of chosen) {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = (run.stdout.match(/Tests\s+[^\n]*/g) ?? []).at(-1)?.replace(ANSI_COLOUR, '').trim() ?? '';
  rows.push({ part: name, seconds: seconds.toFixed(1), status: run.status === 0 ? 'ok' : `failed (${run.status})`, tests: summary });
  if (run.status !== 0) {
    failed = true;
    // The failing files and tests first (the tail below may start past them), then the end of the output.
    const failures = run.stdout
      .replace(ANSI_COLOUR, '')
      .split('\n')
      .filter((line) => /^\s*(FAIL|×)\s/.test(line));
    process.stderr.write(`${name}: ${failures.length} failing lines\n${[...new Set(failures)].join('\n')}\n`);
    process.stderr.write(run.stdout.slice(-4000) + run.stderr.slice(-4000));
  }
}
const total = rows.reduce((sum, row) => sum + Number(row.seconds), 0);
console.table(rows);
console.log(`total ${total.toFixed(1)} s (${(total / 60).toFixed(1)} min) on ${(await import('node:os')).cpus().length} cores`);
process.exit(failed ? 1 : 0);
