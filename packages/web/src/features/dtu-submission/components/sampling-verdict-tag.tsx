import { SAMPLING_VERDICT_NAMES, type SamplingVerdict } from '@factory/contracts';
import { Tag } from 'antd';
import { EMPTY, VERDICT_COLORS } from '../dtu-submission-view';

/** A batch's sampling verdict: 抽检中 / 合格 / 不合格; '-' where sampling does not apply. */
export function SamplingVerdictTag({ verdict }: { verdict: SamplingVerdict | null }) {
  if (verdict === null) return <>{EMPTY}</>;
  return <Tag color={VERDICT_COLORS[verdict]}>{SAMPLING_VERDICT_NAMES[verdict]}</Tag>;
}
