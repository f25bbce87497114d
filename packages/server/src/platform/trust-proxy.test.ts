import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/index.js';
import { dbOf } from '../../test/session-helpers.js';
import { withTestApp } from '../../test/test-app.js';
import { MAX_ADDRESS_FAILURES } from './login-failures.js';

// Behind a load balancer (docs/operations.md) every connection is the balancer's: the sign-in lockout per address
// would lock the whole factory out at once unless the caller is who the balancer names.
describe('callers behind the load balancers TRUST_PROXY lists', () => {
  const BALANCER = '10.0.0.5';
  const t = withTestApp('sqlite', { config: { trustProxy: [BALANCER] }, signIn: false });
  const login = (remoteAddress: string, forwardedFor: string | null, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: PATHS.login,
      payload: { username, password },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
  let serial = 0;
  const newUser = async () => {
    const userName = `tp${Date.now().toString(36)}${serial++}`;
    await createUser(dbOf(t.app), userName, 'Right123x');
    return userName;
  };

  it('locks out the caller the balancer names, not the balancer, and ignores the header from anyone else', async () => {
    const names = await Promise.all([1, 2, 3, 4].map(newUser));
    for (let attempt = 0; attempt < MAX_ADDRESS_FAILURES; attempt++) {
      expect((await login(BALANCER, '192.0.2.7', names[attempt % names.length]!, 'Wrong123x')).statusCode).toBe(400);
    }
    const locked = await login(BALANCER, '192.0.2.7', names[0]!, 'Right123x');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorMsg).toBe(MSG.tooManyAttempts);
    // Another caller through the same balancer signs in.
    expect((await login(BALANCER, '192.0.2.8', names[0]!, 'Right123x')).statusCode).toBe(200);

    // A caller that is not a listed balancer cannot name another address to slip past its own lockout.
    const others = await Promise.all([1, 2, 3, 4].map(newUser));
    for (let attempt = 0; attempt < MAX_ADDRESS_FAILURES; attempt++) {
      await login('203.0.113.9', `198.51.100.${attempt}`, others[attempt % others.length]!, 'Wrong123x');
    }
    expect((await login('203.0.113.9', '198.51.100.200', others[0]!, 'Right123x')).statusCode).toBe(429);
  });
});
