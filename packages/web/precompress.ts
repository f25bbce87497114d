import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Issue 19 item 4: the console's files are compressed once, at build time, beside
 * themselves (`app.js` → `app.js.br`, `app.js.gz`); the server sends the variant the
 * browser accepts (@fastify/static `preCompressed`, platform/console.ts), so no
 * request pays for compressing and none goes out uncompressed.
 */

/** Text the browser loads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) of every compressible file of the build, when smaller. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = zlib.gzipSync(content, { level: 9 });
        if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
