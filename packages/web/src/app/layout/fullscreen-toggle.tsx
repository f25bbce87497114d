import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
// Read from the document so Esc (which leaves full screen without us) is reflected too.
// Boolean(): engines without the Fullscreen API leave fullscreenElement undefined.
const isFullscreen = () => Boolean(document.fullscreenElement);

/** Full-screen switch of the big-screen dashboard (/dataCenter only). */
export function FullscreenToggle() {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const toggle = () => {
    const change = fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused when the browser does not allow it (e.g. an iframe); nothing to undo.
    change?.catch(() => undefined);
  };
  const label = fullscreen ? '退出全屏' : '全屏';
  return (
    <Button
      type="text"
      className="shell-header__icon-button"
      aria-label={label}
      title={label}
      icon={fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      onClick={toggle}
    />
  );
}
