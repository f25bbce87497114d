import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { PATHS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every page this server sends (the console at /,
 * the station app at /station, the API documentation at /api/docs) and of every
 * other answer. Each source is there because a page was seen to need it in
 * Chromium (e2e/security-headers.e2e.ts collects violations):
 * - scripts only from the server itself: the Vite builds and Swagger UI load
 *   their scripts as files, so neither inline script nor eval is allowed; that is
 *   what stops an injected script.
 * - styles also inline: antd 6 writes its CSS-in-JS as <style> elements at run
 *   time, and antd, ECharts (tooltips) and Swagger UI set style attributes. A
 *   nonce would cover antd's elements but not the attributes, and a style cannot
 *   run script.
 * - images also as data: and blob: URLs (antd's upload previews, Swagger UI's
 *   icons); fetch and server-sent events to the server only.
 * - frames of the server's own URLs: the console and the station app show PDFs of
 *   /api/file/<key> in an <iframe>.
 * - nothing may frame a page (clickjacking); no plugins, no <base> elsewhere, forms
 *   post only here.
 * There is no upgrade-insecure-requests: factories run the server over plain HTTP
 * on their own network, where it would send the browser to a port nobody serves.
 */
export const PAGE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * A stored file (/api/file/<key>) is shown inside the console's and the station
 * app's own pages, so those may frame it, and nothing else may; it loads nothing
 * of its own. Chrome's PDF viewer renders under this policy (the e2e test looks).
 * Files other than PDFs also get the file route's sandbox policy, which replaces
 * this one (modules/document/file.routes.ts); X-Frame-Options then keeps framing
 * to this origin.
 */
export const FILE_CSP = {
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  frameAncestors: ["'self'"],
};

const FILE_ROUTE = `${PATHS.file}/:key`;

/**
 * Security headers on every answer, through @fastify/helmet: the policy above,
 * X-Content-Type-Options: nosniff, X-Frame-Options, and Referrer-Policy:
 * no-referrer (deep links carry task ids and model names; nothing here reads a
 * Referer). Helmet's Strict-Transport-Security is left out: TLS, where a factory
 * has it, ends at its own proxy, which knows whether every host under the name
 * serves HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: PAGE_CSP },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  };
  // The file route's own options, as if it had declared them (helmet reads them in its onRoute hook, added after
  // this one); added before any route exists, so the file route is seen when it is added.
  app.addHook('onRoute', (route) => {
    if (route.url === FILE_ROUTE) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: FILE_CSP }, frameguard: { action: 'sameorigin' } };
    }
  });
  await app.register(helmet, options);
}
