import type { FunOf, LoginResult, MenuUrl } from '@factory/contracts';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { buildMenuLevels, EMPTY_LEVELS, findFirstMenuUrl, funCodesByUrl, type MenuLevels } from './session-menus';

export interface SessionUser {
  id: number;
  userName: string;
  parentId: number | null;
  parentName: string | null;
}

interface SessionData {
  token: string | null;
  user: SessionUser | null;
  platformAdmin: boolean;
  mustChangePassword: boolean;
  menus: MenuLevels;
  activeMenuUrl: string | null;
  /** page url -> function buttons the user holds there */
  funCodes: Record<string, string[]>;
  /** drives the full-screen loading overlay; never persisted so a reload cannot leave it stuck */
  loading: boolean;
}

interface SessionActions {
  signIn(result: LoginResult): void;
  clear(): void;
  setActiveMenu(url: string | null): void;
  setLoading(loading: boolean): void;
}

export type SessionState = SessionData & SessionActions;

const signedOut: SessionData = {
  token: null,
  user: null,
  platformAdmin: false,
  mustChangePassword: false,
  menus: EMPTY_LEVELS,
  activeMenuUrl: null,
  funCodes: {},
  loading: false,
};

/** The storage key; seed 000 keeps session data in session storage, so each tab signs in on its own. */
export const SESSION_STORAGE_KEY = 'factory-console-session';

type StoredSession = Omit<SessionData, 'loading'>;

/**
 * Session storage that holds a session only while there is one: signing out,
 * a password change or an expired token leave the tab's storage empty (seed 000
 * §4: both clear stored session data), not a husk with a null token.
 */
const sessionStorageOfSignedIn: PersistStorage<StoredSession> = {
  getItem(name) {
    const raw = sessionStorage.getItem(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StorageValue<StoredSession>;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    if (value.state.token) sessionStorage.setItem(name, JSON.stringify(value));
    else sessionStorage.removeItem(name);
  },
  removeItem(name) {
    sessionStorage.removeItem(name);
  },
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn(result) {
        const menus = buildMenuLevels(result.roleDetailDTO.roleMenuFunctionVOS);
        set({
          token: result.token,
          user: {
            id: result.id,
            userName: result.userName,
            parentId: result.parentId,
            parentName: result.parentName,
          },
          platformAdmin: result.platformAdmin,
          mustChangePassword: result.mustChangePassword,
          menus,
          activeMenuUrl: findFirstMenuUrl(menus),
          funCodes: funCodesByUrl(menus),
          loading: false,
        });
      },
      clear() {
        set(signedOut);
      },
      setActiveMenu(url) {
        set({ activeMenuUrl: url });
      },
      setLoading(loading) {
        set({ loading });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: sessionStorageOfSignedIn,
      partialize: ({ token, user, platformAdmin, mustChangePassword, menus, activeMenuUrl, funCodes }): StoredSession => ({
        token,
        user,
        platformAdmin,
        mustChangePassword,
        menus,
        activeMenuUrl,
        funCodes,
      }),
    },
  ),
);

/** Where sign-in and the not-found page's 返回 land: the first real page of the user's menu. */
export function firstMenuUrl(): string | null {
  return findFirstMenuUrl(useSession.getState().menus);
}

/** Whether the user holds a function button on a page; the platform administrator holds all. */
export function hasFun(url: string, funCode: string): boolean {
  const { platformAdmin, funCodes } = useSession.getState();
  return platformAdmin || (funCodes[url]?.includes(funCode) ?? false);
}

/** hasFun for components: re-renders when the session changes. */
/** Whether the session holds the button on the menu: a menu or button not in the tree fails to compile. */
export function useHasFun<U extends MenuUrl>(url: U, funCode: FunOf<U>): boolean {
  return useSession((state) => state.platformAdmin || (state.funCodes[url]?.includes(funCode) ?? false));
}
