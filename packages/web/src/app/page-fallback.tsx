import { Spin } from 'antd';

/** Shown while the first page's chunk loads. */
export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spin size="large" />
    </div>
  );
}
