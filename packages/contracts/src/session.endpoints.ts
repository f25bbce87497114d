import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { PUBLIC, SIGNED_IN } from './permissions.js';
import { captchaQuery, editPasswordBody, loginBody, loginResult, platformLoginBody } from './session.js';

const tag = '会话';

/** Signing in and out (seed 000 §2, §7). The sign-in and password calls travel form-encoded. */
export const SESSION_ENDPOINTS = {
  /** the captcha image (SVG), kept under `id` until a sign-in uses it */
  captcha: endpoint({
    method: 'GET',
    path: '/api/user/code',
    tag,
    summary: '验证码图片 (SVG)',
    permission: PUBLIC,
    query: captchaQuery,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/user/login',
    tag,
    summary: '登录',
    permission: PUBLIC,
    body: loginBody,
    encoding: 'form',
    response: loginResult,
  }),
  platformLogin: endpoint({
    method: 'POST',
    path: '/api/platform/login',
    tag,
    summary: '平台一次性登录码登录',
    permission: PUBLIC,
    body: platformLoginBody,
    encoding: 'form',
    response: loginResult,
  }),
  // Public on purpose: logging out with an expired token must still succeed quietly.
  logout: endpoint({
    method: 'POST',
    path: '/api/user/logout',
    tag,
    summary: '退出登录',
    permission: PUBLIC,
    response: z.null(),
  }),
  editPassword: endpoint({
    method: 'POST',
    path: '/api/user/editPassword',
    tag,
    summary: '修改密码',
    permission: SIGNED_IN,
    body: editPasswordBody,
    encoding: 'form',
    response: z.null(),
  }),
} as const;
