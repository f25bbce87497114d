import { REPORT_SAMPLE_COLUMNS, type ReportDetail } from '@factory/contracts';
import { EMPTY, passText } from '../dtu-submission-view';

type Prop = ReportDetail['categories'][number]['props'][number];
type Sample = Prop['samples'][number];

const SAMPLE_NUMBERS = Array.from({ length: REPORT_SAMPLE_COLUMNS }, (_, index) => index + 1);

/** A sample's value and verdict; a padding column (none judged there) a dash. */
function SampleCell({ sample }: { sample: Sample | undefined }) {
  if (!sample || sample.result === null) return <td className="report-basic__sample">{EMPTY}</td>;
  return (
    <td className="report-basic__sample" title={sample.mac}>
      <span className="report-basic__value">{sample.actValue || EMPTY}</span>
      <span className={sample.result ? 'report-pass' : 'report-fail'}>{passText(sample.result)}</span>
    </td>
  );
}

/**
 * 结论: the server's verdict of the item, but a dash for an item no sample has judged yet
 * (the server answers false there; 不合格 would say it failed when it was not checked).
 */
const conclusionOf = (prop: Prop) => (prop.samples.some((sample) => sample.result !== null) ? passText(prop.result) : EMPTY);

/**
 * 基本检测 (seed 002 §2, §9): the other properties judged on the batch's samples, by
 * category, each with its first five samples; columns without a sample show dashes.
 */
export function ReportBasicChecks({ categories }: { categories: ReportDetail['categories'] }) {
  return (
    <table className="report-table report-basic" aria-label="基本检测">
      <thead>
        <tr>
          <th scope="col">类别</th>
          <th scope="col">检测项</th>
          <th scope="col">检测标准</th>
          <th scope="col">检测工具</th>
          <th scope="col">结论</th>
          {SAMPLE_NUMBERS.map((number) => (
            <th key={number} scope="col">
              样本{number}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.length === 0 && (
          <tr>
            <td colSpan={5 + REPORT_SAMPLE_COLUMNS} className="report-table__none">
              该DTU没有其他检测项
            </td>
          </tr>
        )}
        {categories.flatMap((category) =>
          category.props.map((prop, index) => {
            const conclusion = conclusionOf(prop);
            return (
              <tr key={`${category.categoryName}-${index}`}>
                {index === 0 && (
                  <th scope="rowgroup" rowSpan={category.props.length} className="report-basic__category">
                    {category.categoryName}
                  </th>
                )}
                <td>{prop.property}</td>
                <td>{prop.checkStandard || EMPTY}</td>
                <td>{prop.checkTool || EMPTY}</td>
                <td className={conclusion === EMPTY ? undefined : prop.result ? 'report-pass' : 'report-fail'}>{conclusion}</td>
                {SAMPLE_NUMBERS.map((number) => (
                  <SampleCell key={number} sample={prop.samples[number - 1]} />
                ))}
              </tr>
            );
          }),
        )}
      </tbody>
    </table>
  );
}
