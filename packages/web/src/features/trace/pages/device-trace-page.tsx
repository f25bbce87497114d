import { MENUS, RECORD_LIMITS } from '@factory/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Spin, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useQueryError } from '../../../lib/use-query-error';
import { useDeviceTrace } from '../api/get-device-trace';
import { DeviceTraceCard } from '../components/device-trace-card';
import './device-trace-page.css';

/**
 * 设备追溯 (beyond the specification): every device whose production code, SN, MAC
 * or IMEI is the text searched in the header, with every result of its life.
 */
export function DeviceTracePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Back to where the search was made; a trace opened from a pasted link has nowhere to go back to.
  const back = () => void (location.key === 'default' ? navigate(MENUS.productionCenter) : navigate(-1));
  const text = searchParams.get('text')?.trim() || null;

  return (
    <div className="device-trace-page">
      <PageHeader
        title={text ? `设备追溯：${text}` : '设备追溯'}
        breadcrumb={['生产中心', '产线检测', '设备追溯']}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={back}>
            返回
          </Button>
        }
      />
      {text === null ? (
        <Card variant="borderless">
          <Empty description="请在页面顶部的搜索框输入生产码、SN、MAC 或 IMEI，按回车追溯" />
        </Card>
      ) : (
        <TraceBody text={text} />
      )}
    </div>
  );
}

function TraceBody({ text }: { text: string }) {
  const trace = useDeviceTrace(text);
  useQueryError(trace.error);

  if (!trace.data) {
    if (trace.isError) {
      return (
        <Card variant="borderless">
          <Result
            status="warning"
            title="追溯失败"
            subTitle={trace.error.message}
            extra={<Button onClick={() => void trace.refetch()}>重试</Button>}
          />
        </Card>
      );
    }
    return (
      <Card variant="borderless">
        <Spin className="device-trace-page__loading" />
      </Card>
    );
  }

  const devices = trace.data.devices;
  if (devices.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description="未找到该设备" />
      </Card>
    );
  }
  return (
    <>
      <Typography.Text type="secondary">找到 {devices.length} 台设备</Typography.Text>
      {devices.length >= RECORD_LIMITS.traceMatches && (
        <Alert type="info" showIcon title={`仅显示前 ${RECORD_LIMITS.traceMatches} 台，请输入更完整的编号`} />
      )}
      {devices.map((device) => (
        <DeviceTraceCard key={`${device.taskId}-${device.code}`} device={device} />
      ))}
    </>
  );
}
