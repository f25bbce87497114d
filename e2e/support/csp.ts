import type { BrowserContext, Page } from 'playwright-core';

/**
 * Every Content-Security-Policy violation in the pages and frames of `context`,
 * as they happen. Chromium logs each refusal to the console, and the document
 * fires `securitypolicyviolation`, which an init script (not itself subject to
 * the policy) writes to the console with its directive and source; both are kept.
 */
export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.warn(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline'} in ${event.sourceFile || location.href}:${event.lineNumber}`);
    });
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return violations;
}
