import type { FunOf, MenuUrl } from '@factory/contracts';
import { Button, type ButtonProps } from 'antd';
import { useHasFun } from '../lib/session-store';

interface PermissionButtonProps<U extends MenuUrl> extends ButtonProps {
  /** the menu page whose function list decides (MENUS.account) */
  menuUrl: U;
  /** the function button the role must hold there (e.g. 'add'), one the menu has */
  funCode: FunOf<U>;
}

/**
 * A button shown only to roles holding its function on the page (seed 000 §6).
 * Hiding is a courtesy: the server refuses the call anyway (STYLE.md habit 5).
 */
export function PermissionButton<U extends MenuUrl>({ menuUrl, funCode, ...button }: PermissionButtonProps<U>) {
  const allowed = useHasFun(menuUrl, funCode);
  return allowed ? <Button {...button} /> : null;
}
