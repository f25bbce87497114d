import { type ReportDetail, SAMPLING_VERDICT_NAMES } from '@factory/contracts';
import { EMPTY, orDash } from '../dtu-submission-view';

/** A table of label/value pairs, `perRow` pairs a row. */
export function PairTable({ pairs, perRow, label }: { pairs: Array<[string, string]>; perRow: number; label: string }) {
  const rows: Array<Array<[string, string]>> = [];
  for (let start = 0; start < pairs.length; start += perRow) rows.push(pairs.slice(start, start + perRow));
  return (
    <table className="report-table report-table--pairs" aria-label={label}>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map(([name, value]) => [
              <th key={`${name}-label`} scope="row">
                {name}
              </th>,
              <td key={`${name}-value`}>{value}</td>,
            ])}
            {/* the last row's missing pairs, so every row has the table's width */}
            {Array.from({ length: perRow - row.length }, (_, rest) => [<th key={`pad-label-${rest}`} />, <td key={`pad-value-${rest}`} />])}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The report's head (seed 002 §2 /checkReport): 数量, 检验机构 (fixed text, §9), 检验员, 审核员,
 * 时间; and the batch's sampling (ours): n, Ac/Re, defects and the verdict.
 */
export function ReportHead({ report }: { report: ReportDetail }) {
  const planned = report.sampleSize !== null;
  const pairs: Array<[string, string]> = [
    ['批次', report.batchNo],
    ['数量', `${report.submitNumber}`],
    ['检验机构', report.organisation],
    ['检验员', orDash(report.checkPerson)],
    ['审核员', orDash(report.verifyPerson)],
    ['时间', report.submitTime],
    ['样本量 n', planned ? `${report.checkCount} / ${report.sampleSize}` : `${report.checkCount}`],
    ['Ac / Re', report.acceptNumber !== null && report.rejectNumber !== null ? `${report.acceptNumber} / ${report.rejectNumber}` : EMPTY],
    ['判定', planned || report.checkCount > 0 ? `${SAMPLING_VERDICT_NAMES[report.verdict]}（不合格 ${report.defectCount}）` : EMPTY],
  ];
  return <PairTable pairs={pairs} perRow={3} label="报告信息" />;
}
