import type { SubmitRecordPage } from '@factory/contracts';
import { Card, Progress } from 'antd';

/** A whole percentage of done in total, 100 only when all is done. */
function percentOf(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.round((done * 100) / total));
}

/** 当前进度 submitted/target, 累计提交, 批次数 (seed 002 §2 /submitRecord). */
export function SubmitCounters({ page }: { page: SubmitRecordPage | undefined }) {
  const submitted = page?.totalSubmitCount ?? 0;
  const aim = page?.aimCount ?? 0;
  const known = page !== undefined;
  return (
    <Card variant="borderless" size="small">
      <dl className="dtu-submission-counters" aria-label="提交统计">
        <div className="dtu-submission-counters__progress">
          <dt>当前进度</dt>
          <dd>
            {known ? `${submitted} / ${aim}` : '-'}
            <Progress percent={percentOf(submitted, aim)} size="small" aria-label="提交进度" />
          </dd>
        </div>
        <div>
          <dt>累计提交</dt>
          <dd>{known ? `${submitted} 台` : '-'}</dd>
        </div>
        <div>
          <dt>批次数</dt>
          <dd>{known ? page.total : '-'}</dd>
        </div>
      </dl>
    </Card>
  );
}
