import { z } from 'zod';

// Rules without a message of their own still answer in Chinese, on the server and in forms.
z.config(z.locales.zhCN());

// The console and the station app run under a Content-Security-Policy without 'unsafe-eval'
// (server: platform/security-headers.ts). zod would probe eval once to compile its object
// parsers, and the refused probe is reported as a policy violation: in a browser it goes
// without. The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
