import type { Fitting } from '@factory/contracts';
import { Tag, Tooltip } from 'antd';
import { CatalogueCard, type CardAction } from '../../../components/catalogue-card';

interface PartCardProps {
  part: Fitting;
  /** the actions the role holds (详情, 编辑, 删除) */
  actions: readonly CardAction[];
}

/** One part of 配件管理: picture, description (whole in its tooltip), type, and how many DTU models it has. */
export function PartCard({ part, actions }: PartCardProps) {
  return (
    <CatalogueCard
      label={part.partDesc}
      imageUrl={part.partImageUrl || null}
      imageAlt={part.partDesc}
      actions={actions}
      heading={
        <>
          <Tooltip title={part.partDesc}>
            <h3 className="catalogue-card__title">{part.partDesc}</h3>
          </Tooltip>
          <Tag color="blue">{part.fittingTypeName}</Tag>
        </>
      }
    >
      <span className="catalogue-card__meta">{part.dtuCount} 个DTU型号</span>
    </CatalogueCard>
  );
}
