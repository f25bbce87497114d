import { TASK_LIMITS } from '@factory/contracts';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryError } from '../../../lib/use-query-error';
import { useQrCodeUrls } from '../api/get-qr-code-urls';
import { taskIdOf } from '../task-view';
import './print-page.css';

/** seed 000 §8: on a failure the print window shows the errorMsg and closes after 1 s. */
export const CLOSE_AFTER_ERROR_MS = 1000;

const SIZE = TASK_LIMITS.qrSize;

/**
 * /print?id (seed 000 §2, §4): one 256x256 QR label per unit, each followed by a
 * page break. It prints once every image has loaded (or failed, so one broken
 * image cannot hold the whole print back) and then closes the tab it was opened in.
 */
export function PrintPage() {
  const [searchParams] = useSearchParams();
  const taskId = taskIdOf(searchParams);
  const codes = useQrCodeUrls(taskId);
  useQueryError(codes.error);

  useEffect(() => {
    if (!codes.isError) return;
    const timer = setTimeout(() => window.close(), CLOSE_AFTER_ERROR_MS);
    return () => clearTimeout(timer);
  }, [codes.isError]);

  if (taskId === null) return <Notice text="未指定任务，无法打印二维码" />;
  if (codes.isError) return <Notice text="二维码加载失败，窗口即将关闭" />;
  if (!codes.data) {
    return (
      <div className="print-page__bar">
        <Spin size="small" /> 正在读取二维码…
      </div>
    );
  }
  const labels = Object.entries(codes.data);
  if (labels.length === 0) return <Notice text="该任务没有生产码，无需打印" />;
  return <Labels labels={labels} />;
}

function Notice({ text }: { text: string }) {
  return (
    <div className="print-page__bar" role="status">
      {text}
    </div>
  );
}

function Labels({ labels }: { labels: Array<[code: string, url: string]> }) {
  const [settled, setSettled] = useState(0);
  const printed = useRef(false);
  const settle = () => setSettled((count) => count + 1);

  useEffect(() => {
    if (printed.current || settled < labels.length) return;
    printed.current = true;
    // print() returns once the dialog is closed (printed or cancelled); the tab has done its job either way.
    window.print();
    window.close();
  }, [settled, labels.length]);

  return (
    <div className="print-page">
      <div className="print-page__bar" role="status">
        共 {labels.length} 个二维码，图片加载完成后自动打印
        <span className="print-page__progress">
          已加载 {Math.min(settled, labels.length)}/{labels.length}
        </span>
      </div>
      <ol className="print-page__labels" aria-label="二维码">
        {labels.map(([code, url]) => (
          <li key={code} className="print-page__label" style={{ breakAfter: 'page' }}>
            <img src={url} alt={code} width={SIZE} height={SIZE} onLoad={settle} onError={settle} />
            <span className="print-page__code">{code}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
