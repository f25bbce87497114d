import helmet, { type FastifyHelmetOptions, type FastifyHelmetRouteOptions } from '@fastify/helmet';
import { PATHS } from '@factory/contracts';
import Fastify, { type FastifyInstance } from 'fastify';

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
  // The file route's own options, as if it had declared them.
  const fileOptions = { contentSecurityPolicy: { useDefaults: false, directives: FILE_CSP }, frameguard: { action: 'sameorigin' } } as const;
  /*
   * @fastify/helmet builds helmet's middleware anew on every request (its options parsed, the policy written
   * out again): a few per cent of a cheap list call's CPU (issue 19). The headers depend on the route alone, so
   * helmet writes them once here, on a probe server with the same options, and every request gets that copy,
   * set on the raw answer first thing as helmet sets them (refusals and hijacked streams included).
   */
  const pageHeaders = await helmetHeaders(options);
  const fileHeaders = await helmetHeaders(options, fileOptions);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.url === FILE_ROUTE ? fileHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets with these options (and a route's own), as it sets them on a probe server's answer. */
async function helmetHeaders(options: FastifyHelmetOptions, routeOptions?: FastifyHelmetRouteOptions['helmet']): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', routeOptions ? { helmet: routeOptions } : {}, async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(answer.headers)
    .filter(([name]) => !own.has(name))
    .map(([name, value]) => [name, String(value)]);
}
