import { communicationTypeName, type Dtu } from '@factory/contracts';
import { Card, Tag } from 'antd';

/** The DTU the tasks test: model, module, how it talks (seed 002 §2 "a header with the DTU"). */
export function DtuSummary({ dtu }: { dtu: Dtu }) {
  const method = dtu.connectInternet ? dtu.communicationTypeDesc || communicationTypeName(dtu.communicationType) : '不联网';
  return (
    <Card variant="borderless" size="small" className="dtu-task-page__dtu">
      <dl className="dtu-task-page__dtu-fields" aria-label="DTU信息">
        <div>
          <dt>DTU型号</dt>
          <dd>{dtu.dtuType}</dd>
        </div>
        <div>
          <dt>模块型号</dt>
          <dd>{dtu.modelType || '-'}</dd>
        </div>
        <div>
          <dt>通信方式</dt>
          <dd>
            <Tag color={dtu.connectInternet ? 'blue' : 'default'}>{method}</Tag>
          </dd>
        </div>
        <div>
          <dt>供电电压</dt>
          <dd>{dtu.standardVoltage ? `${dtu.standardVoltage}V` : '-'}</dd>
        </div>
        <div>
          <dt>波特率</dt>
          <dd>{dtu.bandRate ?? '-'}</dd>
        </div>
      </dl>
    </Card>
  );
}
