import { ApiOutlined } from '@ant-design/icons';
import './module-image.css';

/** A module's picture, or a neutral placeholder when it has none (the image is optional, seed 002 §5). */
export function ModuleImage({ url, modelType, className }: { url: string | null; modelType: string; className?: string }) {
  const classes = ['module-image', className].filter(Boolean).join(' ');
  return url ? (
    <img className={classes} src={url} alt={modelType} />
  ) : (
    <div className={`${classes} module-image--empty`} role="img" aria-label="暂无图片">
      <ApiOutlined aria-hidden />
    </div>
  );
}
