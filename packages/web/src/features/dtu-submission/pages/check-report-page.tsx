import { REPORT_DEVICE_ROWS, type ReportDetail } from '@factory/contracts';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { showApiError } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { useDownloadReportFile } from '../api/download-report-file';
import { useReport } from '../api/get-report';
import { useReportGprs } from '../api/get-report-gprs';
import { ReportBasicChecks } from '../components/report-basic-checks';
import { ReportDevices } from '../components/report-devices';
import { ReportHead } from '../components/report-head';
import { ReportAppearance, ReportBasicInfo, ReportOrderInfo } from '../components/report-info';
import { SignalChart } from '../components/signal-chart';
import { TrailPageHeader } from '../../../components/trail-page-header';
import { idParam, isRework, type SubmissionContext, submissionContextOf, submissionTrail, submissionUrls } from '../dtu-submission-view';
import { signalPointsOf } from '../signal-chart-view';
import './check-report.css';

const TITLE = '检验报告';

/**
 * 检验报告 (/checkReport?batchId&taskType&…, seed 002 §2): a batch's inspection report laid
 * out as an A4 sheet. 打印 prints the page itself (print CSS: the console's chrome and the
 * toolbar left out, A4 pages); 下载Excel saves the server's .xlsx of the same report.
 */
export function CheckReportPage() {
  const [params] = useSearchParams();
  const context = submissionContextOf(params);
  const batchId = idParam(params, 'batchId');
  const report = useReport(batchId);
  useQueryError(report.error);
  // the report names its task: the way back does not depend on the address keeping it
  const known: SubmissionContext = report.data ? { ...context, taskId: String(report.data.taskId) } : context;
  const back = { backTo: submissionUrls.submitRecord(known), backLabel: '返回提交记录' };
  const download = useDownloadReportFile();
  const save = (url: string, fallbackName: string) => download.mutate({ url, fallbackName }, { onError: showApiError });

  let body: ReactNode;
  if (batchId === null) body = <MissingQuery title="未指定提交批次" hint="请从提交记录点击“检验报告”打开" {...back} />;
  else if (report.data) body = <ReportSheet report={report.data} batchId={batchId} onSave={save} saving={download.isPending} />;
  else if (report.isError) body = <LoadFailure error={report.error} what="检验报告" onRetry={() => void report.refetch()} {...back} />;
  else body = <Loading />;

  return (
    <div className="check-report">
      <TrailPageHeader
        title={TITLE}
        trail={submissionTrail(known, isRework(known), { underRecords: true })}
        backTo={back.backTo}
        extra={
          report.data && (
            <div className="check-report__toolbar">
              <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
                打印
              </Button>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={download.isPending}
                onClick={() => save(report.data.excelUrl, `${report.data.dtuType}_检验报告_${report.data.batchNo}.xlsx`)}
              >
                下载Excel
              </Button>
            </div>
          )
        }
      />
      {body}
    </div>
  );
}

interface ReportSheetProps {
  report: ReportDetail;
  batchId: number;
  onSave(url: string, fallbackName: string): void;
  saving: boolean;
}

function ReportSheet({ report, batchId, onSave, saving }: ReportSheetProps) {
  const gprs = useReportGprs(batchId);
  useQueryError(gprs.error);

  return (
    <article className="check-report__sheet" aria-label="检验报告">
      <header className="check-report__title">
        <h1>检验报告</h1>
        <p>
          {report.dtuType} · 批次 {report.batchNo} · {report.taskName}
        </p>
      </header>
      <ReportHead report={report} />

      <Section title="基本信息">
        <ReportBasicInfo report={report} />
      </Section>
      <Section title="订单信息">
        <ReportOrderInfo />
      </Section>
      <Section title="外观">
        <ReportAppearance report={report} />
      </Section>
      <Section title="基本检测" breaks>
        <ReportBasicChecks categories={report.categories} />
      </Section>
      <Section title="信号强度">
        {gprs.data ? (
          <SignalChart series={signalPointsOf(gprs.data)} />
        ) : (
          <p className="check-report__note">{gprs.isError ? '信号强度加载失败' : '正在读取信号强度…'}</p>
        )}
      </Section>
      <Section title="基本性能" breaks>
        <ReportDevices records={report.batchRecords} />
        {!report.batchRecordsComplete && (
          <p className="check-report__note">
            仅列出前 {REPORT_DEVICE_ROWS} 台，共 {report.submitNumber} 台。
            <Button
              type="link"
              size="small"
              className="check-report__all"
              disabled={saving}
              onClick={() => onSave(report.deviceListUrl, `批次${report.batchNo}_设备列表.xlsx`)}
            >
              查看全部设备
            </Button>
          </p>
        )}
      </Section>
      <footer className="check-report__footer">报告时间：{report.reportTime}</footer>
    </article>
  );
}

/** A titled part of the sheet; a short one is kept on one printed page, a long table (`breaks`) may run on. */
function Section({ title, breaks = false, children }: { title: string; breaks?: boolean; children: ReactNode }) {
  return (
    <section className={breaks ? 'report-section report-section--breaks' : 'report-section'} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
