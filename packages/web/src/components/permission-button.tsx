import { Button, type ButtonProps } from 'antd';
import { useHasFun } from '../lib/session-store';

interface PermissionButtonProps extends ButtonProps {
  /** the menu page whose function list decides (e.g. '/account') */
  menuUrl: string;
  /** the function button the role must hold there (e.g. 'add') */
  funCode: string;
}

/**
 * A button shown only to roles holding its function on the page (seed 000 §6).
 * Hiding is a courtesy: the server refuses the call anyway (STYLE.md habit 5).
 */
export function PermissionButton({ menuUrl, funCode, ...button }: PermissionButtonProps) {
  const allowed = useHasFun(menuUrl, funCode);
  return allowed ? <Button {...button} /> : null;
}
