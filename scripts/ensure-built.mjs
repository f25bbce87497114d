// Builds the server, the simulator and the console when their output is missing or older than the
// sources, so `npm start` works on a fresh clone and after a `git pull`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Tests are not built: counting them would find the output stale after every test edit, for good
    // (tsc -b leaves an up-to-date output untouched).
    if (entry.name === 'node_modules' || entry.name === 'dist' || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

const contracts = newest(path.join(root, 'packages/contracts/src'));
const outputs = [
  // tsc -b rewrites only the outputs whose source changed, but always its build info.
  { name: 'server', built: mtime(path.join(root, 'packages/server/dist/.tsbuildinfo')), sources: [contracts, newest(path.join(root, 'packages/server/src'))] },
  {
    name: 'simulator',
    built: mtime(path.join(root, 'packages/simulator/dist/.tsbuildinfo')),
    sources: [contracts, newest(path.join(root, 'packages/simulator/src'))],
  },
  {
    name: 'console',
    // the older of the two pages, so a missing or stale station page rebuilds too
    built: Math.min(mtime(path.join(root, 'packages/web/dist/index.html')), mtime(path.join(root, 'packages/web/dist/station.html'))),
    sources: [
      contracts,
      newest(path.join(root, 'packages/web/src')),
      mtime(path.join(root, 'packages/web/index.html')),
      mtime(path.join(root, 'packages/web/station.html')),
      mtime(path.join(root, 'packages/web/vite.config.ts')),
      mtime(path.join(root, 'packages/web/precompress.ts')),
    ],
  },
];

const stale = outputs.filter((output) => output.built === 0 || output.sources.some((time) => time > output.built));
if (stale.length > 0) {
  console.log(`building ${stale.map((output) => output.name).join(' and ')} ...`);
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
