import { beforeEach, describe, expect, it } from 'vitest';
import { loginResultWith, sessionMenu } from '../test/fixtures';
import { firstMenuUrl, hasFun, SESSION_STORAGE_KEY, useSession } from './session-store';

beforeEach(() => {
  useSession.getState().clear();
  sessionStorage.clear();
});

describe('session store', () => {
  it('keeps the signed-in session in sessionStorage, without the loading flag', () => {
    useSession.getState().signIn(loginResultWith({ token: 'abc', userName: 'wang' }));
    useSession.getState().setLoading(true);

    const stored = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      state: Record<string, unknown>;
    };
    expect(stored.state.token).toBe('abc');
    expect(stored.state.user).toEqual({ id: 7, userName: 'wang', parentId: 1, parentName: 'admin' });
    expect(stored.state.activeMenuUrl).toBe('/dataCenter');
    expect(stored.state).not.toHaveProperty('loading');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores the session from sessionStorage after a reload', async () => {
    useSession.getState().signIn(loginResultWith({ token: 'kept' }));
    const saved = sessionStorage.getItem(SESSION_STORAGE_KEY);
    useSession.setState({ token: null, user: null });
    sessionStorage.setItem(SESSION_STORAGE_KEY, saved ?? '');

    await useSession.persist.rehydrate();

    expect(useSession.getState().token).toBe('kept');
    expect(useSession.getState().user?.userName).toBe('operator_li');
    expect(firstMenuUrl()).toBe('/dataCenter');
  });

  it('forgets everything on clear and leaves the storage empty', () => {
    useSession.getState().signIn(loginResultWith({ mustChangePassword: true }));
    expect(sessionStorage.length).toBe(1);
    useSession.getState().clear();
    expect(sessionStorage.length).toBe(0);
    // Later changes of a signed-out tab write nothing either.
    useSession.getState().setActiveMenu('/account');
    expect(sessionStorage.length).toBe(0);
    const state = useSession.getState();
    expect(state.token).toBeNull();
    expect(state.mustChangePassword).toBe(false);
    expect(state.menus.level1).toEqual([]);
    expect(firstMenuUrl()).toBeNull();
  });

  it('answers hasFun from the page buttons the role holds', () => {
    const menus = [
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1 }),
      sessionMenu({ id: 2, pId: 1, name: '产线管理', url: '/productionLine', level: 2, funcBotton: ['add', 'edit'] }),
    ];
    useSession.getState().signIn(loginResultWith({}, menus));
    expect(hasFun('/productionLine', 'edit')).toBe(true);
    expect(hasFun('/productionLine', 'delete')).toBe(false);
    expect(hasFun('/account', 'add')).toBe(false);

    useSession.getState().signIn(loginResultWith({ platformAdmin: true }, menus));
    expect(hasFun('/account', 'add')).toBe(true);
  });
});
