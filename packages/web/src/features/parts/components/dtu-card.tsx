import type { Dtu } from '@factory/contracts';
import { Tooltip } from 'antd';
import { CardField, CatalogueCard, type CardAction } from '../../../components/catalogue-card';

interface DtuCardProps {
  dtu: Dtu;
  actions: readonly CardAction[];
}

/** One DTU model of a part (seed 002 §2): front picture, model, networking, method, voltage, baud rate. */
export function DtuCard({ dtu, actions }: DtuCardProps) {
  const networked = dtu.connectInternet && dtu.communicationType !== null;
  return (
    <CatalogueCard
      label={dtu.dtuType}
      imageUrl={dtu.frontImageUrl}
      imageAlt={`${dtu.dtuType}正面图片`}
      actions={actions}
      heading={
        <Tooltip title={dtu.dtuType}>
          <h3 className="catalogue-card__title">{dtu.dtuType}</h3>
        </Tooltip>
      }
    >
      <dl className="catalogue-card__info">
        <CardField label="网络支持">{networked ? '支持' : '不支持'}</CardField>
        {networked && <CardField label="通信方式">{dtu.communicationTypeDesc}</CardField>}
        <CardField label="供电电压">{dtu.standardVoltage}V</CardField>
        <CardField label="波特率">{dtu.bandRate ?? '-'}</CardField>
      </dl>
    </CatalogueCard>
  );
}
