import { z } from 'zod';

// The console and the station app run under a Content-Security-Policy without 'unsafe-eval'
// (server: platform/security-headers.ts). zod probes eval once, when its first object schema is
// built, to compile its parsers; in a browser the refused probe is reported as a policy
// violation, so there it goes without. The server keeps the compiled parsers.
// Every module that builds schemas when loaded imports this first: a bundler may split the
// contracts into chunks, and only an import of its own runs before a chunk's schemas.
if ('document' in globalThis) z.config({ jitless: true });
