// `npm run check`: ESLint (no warnings allowed) and the TypeScript builds, side by side.
// Each is single-threaded; on two cores running them together saves most of the shorter
// one's time (issue 14: the whole `npm test` under ten minutes on CI's two cores).
// Output is printed per part once it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const PARTS = [
  ['eslint', 'npx eslint . --max-warnings 0'],
  [
    'typescript',
    [
      'npx tsc -b packages/server packages/simulator',
      'npx tsc -p packages/contracts/tsconfig.test.json',
      'npx tsc -p packages/server/tsconfig.test.json',
      'npx tsc -p packages/simulator/tsconfig.test.json',
      'npx tsc -p packages/web/tsconfig.json',
      'npx tsc -p e2e/tsconfig.json',
    ].join(' && '),
  ],
];

function run([name, command]) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const shown = output.split('\n').filter((line) => !line.startsWith('npm warn')).join('\n').trim();
      console.log(`── ${name}: ${code === 0 ? 'ok' : `failed (${code})`}${shown ? `\n${shown}` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(PARTS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
