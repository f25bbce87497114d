import type { CommunicationModule } from '@factory/contracts';
import { Card, Descriptions } from 'antd';
import { voltageText } from '../communication-view';
import { ModuleImage } from './module-image';
import './module-summary.css';

/** The module a detail page is about: its picture and fields (seed 002 §2). */
export function ModuleSummary({ module }: { module: CommunicationModule }) {
  return (
    <Card variant="borderless" size="small" title="模块信息">
      <section className="module-summary" aria-label="模块信息">
        <ModuleImage className="module-summary__image" url={module.modelImageUrl} modelType={module.modelType} />
        <Descriptions
          className="module-summary__fields"
          column={{ xs: 1, md: 2, xl: 3 }}
          size="small"
          items={[
            { key: 'modelType', label: '模块型号', children: module.modelType },
            { key: 'communicationType', label: '通信类型', children: module.communicationTypeName },
            { key: 'standardVoltage', label: '工作电压', children: voltageText(module.standardVoltage) },
            { key: 'productCompany', label: '所属公司', children: module.productCompany },
            { key: 'dtuCount', label: 'DTU数量', children: module.dtuCount },
            { key: 'createTime', label: '创建时间', children: module.createTime },
          ]}
        />
      </section>
    </Card>
  );
}
