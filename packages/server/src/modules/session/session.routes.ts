import { SESSION_ENDPOINTS as SESSION } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import svgCaptcha from 'svg-captcha';
import { updatePassword } from '../../platform/accounts.js';
import { bearerToken, requireAccount } from '../../platform/auth.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { hashPassword } from '../../platform/password.js';
import { rawRoute, route } from '../../platform/route.js';
import { hashToken, revokeAccountSessions, revokeSession } from '../../platform/sessions.js';
import { saveCaptcha } from './captcha.repository.js';
import { login, platformLogin } from './session.service.js';

export function sessionRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    rawRoute(app, SESSION.captcha, async (request, reply) => {
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f0f5ff' });
      await saveCaptcha(db.kysely, request.query.id, captcha.text, Date.now());
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(captcha.data);
    });

    route(app, SESSION.login, (request) => login(db.kysely, config, request.body, request.ip ?? null), {
      config: { operationLog: false },
    });

    route(app, SESSION.platformLogin, (request) => platformLogin(db.kysely, config, request.body.code), {
      config: { operationLog: false },
    });

    // Public on purpose: logging out with an expired token must still succeed quietly.
    route(
      app,
      SESSION.logout,
      async (request) => {
        const token = bearerToken(request);
        if (token) await revokeSession(db.kysely, hashToken(token));
        return null;
      },
      { config: { operationLog: false } },
    );

    route(
      app,
      SESSION.editPassword,
      async (request) => {
        const account = requireAccount(request);
        const passwordHash = await hashPassword(request.body.password);
        await db.kysely.transaction().execute(async (trx) => {
          await updatePassword(trx, account.id, passwordHash);
          await revokeAccountSessions(trx, account.id);
        });
        return null;
      },
      { config: { allowBeforePasswordChange: true } },
    );
  };
}
