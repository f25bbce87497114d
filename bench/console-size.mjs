// Prints the gzip size of the JavaScript the login page loads before it can be used
// (DESIGN.md §7: under 350 KB): the entry chunk, the login route's chunk, and every
// chunk either imports statically. Other routes load later and are not counted.
// Then the same for the station app (station.html), the terminals' own page.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildServer, freePort, startServer } from './support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) execSync('npm run build -w @factory/web', { cwd: root, stdio: 'inherit' });
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

// Two pages are built (vite.config.ts): the console's and the station app's.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
const stationKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('station.html'));
const loginKey = Object.keys(manifest).find((key) => key.endsWith('features/session/pages/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('entry or login page not found in the Vite manifest');

function collect(key, chunks = new Set()) {
  if (chunks.has(key)) return chunks;
  chunks.add(key);
  for (const dependency of manifest[key].imports ?? []) collect(dependency, chunks);
  return chunks;
}
const chunks = collect(loginKey, collect(entryKey));
const gzipOf = (key) => zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length;

const LIMIT_KB = 350;
let total = 0;
const rows = [...chunks].map((key) => {
  const gzip = gzipOf(key);
  total += gzip;
  return { file: manifest[key].file, gzipKB: +(gzip / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
console.table(rows);
const totalKB = total / 1024;
console.log(`login page initial JavaScript: ${totalKB.toFixed(1)} KB gzip (target < ${LIMIT_KB} KB) ${totalKB < LIMIT_KB ? 'OK' : 'OVER'}`);

if (stationKey) {
  const stationKB = [...collect(stationKey)].reduce((sum, key) => sum + gzipOf(key), 0) / 1024;
  console.log(`station app initial JavaScript: ${stationKB.toFixed(1)} KB gzip`);
}

// What a page actually sends (issue 19 item 4): the built server's answer for each chunk a page loads first, asked as
// a browser asks (Accept-Encoding: gzip, deflate, br), against the same files uncompressed. The server picks the
// variant the build wrote beside each file (packages/web/precompress.ts).
const productionLogKey = Object.keys(manifest).find((key) => key.endsWith('features/records/pages/production-log-page.tsx'));
const pages = [
  ['login page', collect(loginKey, collect(entryKey))],
  ...(productionLogKey ? [['/productionLog', collect(productionLogKey, collect(entryKey))]] : []),
  ...(stationKey ? [['station app', collect(stationKey)]] : []),
];
buildServer();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-size-'));
const server = await startServer(
  { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${path.join(dataDir, 'factory.db')}`, FILES_DIR: path.join(dataDir, 'files'), ADMIN_PASSWORD: 'Admin12345', MQTT: 'off', LOG_LEVEL: 'warn' },
  url,
);
try {
  for (const [name, keys] of pages) {
    let sent = 0;
    let plain = 0;
    const encodings = new Map();
    for (const key of keys) {
      const file = manifest[key].file;
      const response = await fetch(`${url}/${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const body = Buffer.from(await response.arrayBuffer());
      // fetch decodes the body: what went over the wire is the stored variant's size
      const encoding = response.headers.get('content-encoding') ?? 'identity';
      const variant = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      sent += fs.statSync(path.join(dist, file + variant)).size;
      plain += body.length;
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
    }
    const summary = [...encodings].map(([encoding, count]) => `${count} ${encoding}`).join(', ');
    console.log(`${name}: ${keys.size} files, sent ${(sent / 1024).toFixed(1)} KB of ${(plain / 1024).toFixed(1)} KB (${summary})`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
