import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.js';

/** The station app's own page (DESIGN.md §1): /station and everything under it. */
function isStationPath(pathname: string): boolean {
  return pathname === '/station' || pathname.startsWith('/station/');
}

/**
 * Serves the built console at / with history fallback, so a deep link such as
 * /productionLog?id=3 opens the app, and the station app at /station (its own
 * page, station.html) the same way; /api/* never falls back and answers the 404
 * envelope instead.
 */
export async function registerConsole(app: FastifyInstance, consoleDir: string | null): Promise<void> {
  const indexFile = consoleDir ? path.join(consoleDir, 'index.html') : null;
  const hasConsole = indexFile !== null && fs.existsSync(indexFile);
  const hasStation = hasConsole && fs.existsSync(path.join(consoleDir!, 'station.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (packages/web/precompress.ts): the variant the browser accepts
      // goes out, with Vary: Accept-Encoding; nothing is compressed per request.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh to pick them up.
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      return reply.status(404).send(failure(MSG.apiNotFound));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(failure(MSG.apiNotFound));
    }
    if (!hasConsole) {
      return reply.status(404).type('text/plain; charset=utf-8').send('console not built: run `npm run build`');
    }
    const station = isStationPath(url.split('?')[0]!);
    if (station && !hasStation) {
      return reply.status(404).type('text/plain; charset=utf-8').send('station app not built: run `npm run build`');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(station ? 'station.html' : 'index.html');
  });
}
