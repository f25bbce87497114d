import type { ReportDetail } from '@factory/contracts';
import { EMPTY, orDash } from '../dtu-submission-view';
import { PairTable } from './report-head';

/** 基本信息 (seed 002 §2): the DTU and its module; the voltage with V. */
export function ReportBasicInfo({ report }: { report: ReportDetail }) {
  const pairs: Array<[string, string]> = [
    ['DTU型号', orDash(report.dtuType)],
    ['模块型号', orDash(report.modelType)],
    ['模块厂家', orDash(report.productCompany)],
    ['工作电压', report.standardVoltage ? `${report.standardVoltage}V` : EMPTY],
    ['波特率', orDash(report.bandRate)],
    ['通信方式', orDash(report.communicationTypeDesc)],
  ];
  return <PairTable pairs={pairs} perRow={3} label="基本信息" />;
}

/** 订单信息 (seed 002 §2): the console keeps no orders; every field is a dash. */
export function ReportOrderInfo() {
  const pairs: Array<[string, string]> = ['客户名称', '客户型号', '订单号', '订单数量', '抽样数量'].map((name) => [name, EMPTY]);
  return <PairTable pairs={pairs} perRow={3} label="订单信息" />;
}

/** 外观: the DTU's front and back. */
export function ReportAppearance({ report }: { report: ReportDetail }) {
  const sides: Array<[string, string | null]> = [
    ['正面', report.frontImageUrl],
    ['背面', report.backImageUrl],
  ];
  return (
    <div className="report-appearance">
      {sides.map(([side, url]) => (
        <figure key={side} className="report-appearance__side">
          {url ? <img src={url} alt={`DTU${side}图片`} /> : <div className="report-appearance__none">无图片</div>}
          <figcaption>{side}</figcaption>
        </figure>
      ))}
    </div>
  );
}
