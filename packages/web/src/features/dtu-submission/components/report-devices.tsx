import type { ReportBatchRecord } from '@factory/contracts';
import { EMPTY, orDash, passText } from '../dtu-submission-view';

const serialText = (pass: boolean | null) => (pass === null ? EMPTY : passText(pass));

/** 基本性能 (seed 002 §2): the batch's units as tested; empty values as dashes. */
export function ReportDevices({ records }: { records: ReportBatchRecord[] }) {
  return (
    <table className="report-table report-devices" aria-label="基本性能">
      <thead>
        <tr>
          <th scope="col">序号</th>
          <th scope="col">IMEI</th>
          <th scope="col">MAC</th>
          <th scope="col">蓝牙MAC</th>
          <th scope="col">串口通信</th>
          <th scope="col">固件版本</th>
          <th scope="col">服务器校验</th>
          <th scope="col">结果</th>
        </tr>
      </thead>
      <tbody>
        {records.length === 0 && (
          <tr>
            <td colSpan={8} className="report-table__none">
              暂无设备
            </td>
          </tr>
        )}
        {records.map((record, index) => (
          <tr key={`${record.imei}-${record.mac}-${index}`}>
            <td>{index + 1}</td>
            <td>{orDash(record.imei)}</td>
            <td>{orDash(record.mac)}</td>
            <td>{orDash(record.blueToothMac)}</td>
            <td>{serialText(record.serialCommunication)}</td>
            <td>{orDash(record.version)}</td>
            <td>{record.serviceVerify ? '通过' : '未通过'}</td>
            <td className={record.testStatus === 'PASS' ? 'report-pass' : 'report-fail'}>{passText(record.testStatus === 'PASS')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
