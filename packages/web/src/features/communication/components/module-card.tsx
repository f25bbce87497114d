import type { CommunicationModule } from '@factory/contracts';
import { Tooltip } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { CardField, type CardAction, CatalogueCard } from '../../../components/catalogue-card';
import { useHasFun } from '../../../lib/session-store';
import { COMMUNICATION_MENU, moduleDetailUrl, voltageText } from '../communication-view';
import type { BackState } from './back-button';

interface ModuleCardProps {
  module: CommunicationModule;
  onEdit(module: CommunicationModule): void;
  onDelete(module: CommunicationModule): void;
}

/**
 * One module of the grid (seed 002 §2). Its actions show on hover (and on keyboard
 * focus), each only when the role holds its button on /communication (seed 002 §6).
 */
export function ModuleCard({ module, onEdit, onDelete }: ModuleCardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // the grid's address, so that 返回 finds its filters again
  const back: BackState = { back: `${location.pathname}${location.search}` };
  const can = {
    detail: useHasFun(COMMUNICATION_MENU, 'detail'),
    edit: useHasFun(COMMUNICATION_MENU, 'edit'),
    delete: useHasFun(COMMUNICATION_MENU, 'delete'),
  };
  const actions: CardAction[] = [];
  if (can.detail) actions.push({ name: '详情', onClick: () => void navigate(moduleDetailUrl(module), { state: back }) });
  if (can.edit) actions.push({ name: '编辑', onClick: () => onEdit(module) });
  if (can.delete) actions.push({ name: '删除', onClick: () => onDelete(module), danger: true });

  return (
    <CatalogueCard
      label={module.modelType}
      imageUrl={module.modelImageUrl}
      imageAlt={module.modelType}
      actions={actions}
      heading={
        <Tooltip title={module.modelType}>
          <h3 className="catalogue-card__title">{module.modelType}</h3>
        </Tooltip>
      }
    >
      <dl className="catalogue-card__info">
        <CardField label="通信类型">{module.communicationTypeName}</CardField>
        <CardField label="工作电压">{voltageText(module.standardVoltage)}</CardField>
        <CardField label="所属公司">{module.productCompany}</CardField>
        <CardField label="DTU数量">{module.dtuCount}</CardField>
      </dl>
    </CatalogueCard>
  );
}
