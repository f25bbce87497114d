import {
  captchaQuery,
  editPasswordBody,
  envelopeOf,
  loginBody,
  loginResult,
  PATHS,
  platformLoginBody,
  PUBLIC,
  SIGNED_IN,
} from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import svgCaptcha from 'svg-captcha';
import { z } from 'zod';
import { bearerToken, requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { hashPassword } from '../../platform/password.js';
import { hashToken, revokeAccountSessions, revokeSession } from '../../platform/sessions.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { updatePassword } from './account.repository.js';
import { saveCaptcha } from './captcha.repository.js';
import { login, platformLogin } from './session.service.js';

const tags = ['会话'];

export function sessionRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PATHS.captcha,
      {
        config: { permission: PUBLIC },
        schema: { tags, summary: '验证码图片 (SVG)', querystring: captchaQuery },
      },
      async (request, reply) => {
        const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f0f5ff' });
        await saveCaptcha(db.kysely, request.query.id, captcha.text, Date.now());
        return reply.type('image/svg+xml').header('cache-control', 'no-store').send(captcha.data);
      },
    );

    app.post(
      PATHS.login,
      {
        config: { permission: PUBLIC, operationLog: false },
        schema: { tags, summary: '登录', body: loginBody, response: { 200: envelopeOf(loginResult) } },
      },
      async (request) => ok(await login(db.kysely, config, request.body, request.ip ?? null)),
    );

    app.post(
      PATHS.platformLogin,
      {
        config: { permission: PUBLIC, operationLog: false },
        schema: { tags, summary: '平台一次性登录码登录', body: platformLoginBody, response: { 200: envelopeOf(loginResult) } },
      },
      async (request) => ok(await platformLogin(db.kysely, config, request.body.code)),
    );

    // Public on purpose: logging out with an expired token must still succeed quietly.
    app.post(
      PATHS.logout,
      { config: { permission: PUBLIC, operationLog: false }, schema: { tags, summary: '退出登录', response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        const token = bearerToken(request);
        if (token) await revokeSession(db.kysely, hashToken(token));
        return ok(null);
      },
    );

    app.post(
      PATHS.editPassword,
      {
        config: { permission: SIGNED_IN, allowBeforePasswordChange: true },
        schema: { tags, summary: '修改密码', body: editPasswordBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const account = requireAccount(request);
        const passwordHash = await hashPassword(request.body.password);
        await db.kysely.transaction().execute(async (trx) => {
          await updatePassword(trx, account.id, passwordHash);
          await revokeAccountSessions(trx, account.id);
        });
        return ok(null);
      },
    );
  };
}
