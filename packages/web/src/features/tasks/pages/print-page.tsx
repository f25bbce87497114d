import { qrImagePath, TASK_LIMITS } from '@factory/contracts';
import { Spin } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryError } from '../../../lib/use-query-error';
import { useQrCodePages } from '../api/get-qr-code-urls';
import { taskIdOf } from '../task-view';
import './print-page.css';

/** seed 000 §8: on a failure the print window shows the errorMsg and closes after 1 s. */
export const CLOSE_AFTER_ERROR_MS = 1000;

/**
 * Labels added to the page at a time (issue 19: 3,000 labels rendered at once took 33 s to open). The next
 * round is added once every image shown has loaded or failed, so the first labels show at once, the browser
 * asks for a round's images rather than every one, and a label's load re-renders its round, not the page.
 */
export const LABELS_PER_ROUND = 200;

const SIZE = TASK_LIMITS.qrSize;

/**
 * /print?id (seed 000 §2, §4): one 256x256 QR label per unit, each followed by a
 * page break. The codes come a page at a time; the labels are added a round at a
 * time. It prints once every label is on the page and every image has loaded (or
 * failed, so one broken image cannot hold the whole print back), so the one print
 * holds every label, and then closes the tab it was opened in.
 */
export function PrintPage() {
  const [searchParams] = useSearchParams();
  const taskId = taskIdOf(searchParams);
  const pages = useQrCodePages(taskId);
  useQueryError(pages.error);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;

  useEffect(() => {
    if (!isError) return;
    const timer = setTimeout(() => window.close(), CLOSE_AFTER_ERROR_MS);
    return () => clearTimeout(timer);
  }, [isError]);

  // Every page is read, one after the other, while the first labels already show. Keyed on the pages read
  // too: a fast answer can end the fetch within one render, leaving the flags as they were.
  const pagesRead = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [pagesRead, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const codes = useMemo(() => pages.data?.pages.flatMap((page) => page.codes) ?? [], [pages.data]);

  if (taskId === null) return <Notice text="未指定任务，无法打印二维码" />;
  if (isError) return <Notice text="二维码加载失败，窗口即将关闭" />;
  if (!pages.data) {
    return (
      <div className="print-page__bar">
        <Spin size="small" /> 正在读取二维码…
      </div>
    );
  }
  const total = pages.data.pages[0]?.total ?? 0;
  if (total === 0 && codes.length === 0) return <Notice text="该任务没有生产码，无需打印" />;
  return <Labels codes={codes} total={total} complete={!hasNextPage} />;
}

function Notice({ text }: { text: string }) {
  return (
    <div className="print-page__bar" role="status">
      {text}
    </div>
  );
}

function Labels({ codes, total, complete }: { codes: readonly string[]; total: number; complete: boolean }) {
  const [rounds, setRounds] = useState(1);
  const [settled, setSettled] = useState(0);
  const printed = useRef(false);
  const settle = useCallback(() => setSettled((count) => count + 1), []);
  const shown = Math.min(codes.length, rounds * LABELS_PER_ROUND);

  useEffect(() => {
    if (settled >= shown && shown < codes.length) setRounds((count) => count + 1);
  }, [settled, shown, codes.length]);

  useEffect(() => {
    if (printed.current || !complete || shown < codes.length || settled < codes.length) return;
    printed.current = true;
    // print() returns once the dialog is closed (printed or cancelled); the tab has done its job either way.
    window.print();
    window.close();
  }, [complete, shown, settled, codes.length]);

  const starts = Array.from({ length: Math.ceil(shown / LABELS_PER_ROUND) }, (_, index) => index * LABELS_PER_ROUND);
  return (
    <div className="print-page">
      <div className="print-page__bar" role="status">
        共 {total} 个二维码，图片加载完成后自动打印
        <span className="print-page__progress">
          已加载 {Math.min(settled, total)}/{total}
        </span>
      </div>
      <ol className="print-page__labels" aria-label="二维码">
        {starts.map((from) => (
          <LabelRound key={from} codes={codes} from={from} to={Math.min(shown, from + LABELS_PER_ROUND)} onSettle={settle} />
        ))}
      </ol>
    </div>
  );
}

interface LabelRoundProps {
  /** every code read so far: it only grows, so a round's labels stay what they were */
  codes: readonly string[];
  from: number;
  to: number;
  onSettle: () => void;
}

/** One round of labels; re-rendered only when it grows (a new page of codes), not when an image loads. */
const LabelRound = memo(
  function LabelRound({ codes, from, to, onSettle }: LabelRoundProps) {
    return codes.slice(from, to).map((code) => (
      <li key={code} className="print-page__label" style={{ breakAfter: 'page' }}>
        <img src={qrImagePath(code)} alt={code} width={SIZE} height={SIZE} onLoad={onSettle} onError={onSettle} />
        <span className="print-page__code">{code}</span>
      </li>
    ));
  },
  (before, after) => before.from === after.from && before.to === after.to && before.onSettle === after.onSettle,
);
