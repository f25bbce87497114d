import { ACCESSORY_LIMITS, ACCESSORY_MSG as M, type CommunicationTypeCode, type Dtu, type Fitting, fittingTypeName } from '@factory/contracts';
import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ListEmpty, LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { SearchQuery } from '../../../components/search-query';
import { runWithFeedback } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { useArchiveDtu } from '../api/archive-dtu';
import { useCommunicationTypes } from '../api/get-communication-types';
import { useDtus } from '../api/get-dtus';
import { useFitting } from '../api/get-fitting';
import { AddCard, type CardAction } from '../../../components/catalogue-card';
import { DtuCard } from '../components/dtu-card';
import { DtuFormDialog } from '../components/dtu-form-dialog';
import { idParam, type PartRef, partUrls, PARTS_MENU, PARTS_TRAIL } from '../parts-view';
import './parts-pages.css';

const BACK = { backTo: PARTS_MENU, backLabel: '返回配件管理' };

/** 配件详情 (seed 002 §2): the part, and its DTU models as cards with their property, task and archive actions. */
export function PartsDetailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const partsId = idParam(searchParams, 'partsId');
  return (
    <div className="parts-detail-page">
      <PageHeader
        title="配件详情"
        breadcrumb={[...PARTS_TRAIL, '配件详情']}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(PARTS_MENU)}>
            返回
          </Button>
        }
      />
      {partsId === null ? (
        <MissingQuery title="未指定配件" hint="请从配件管理的配件卡片点击“详情”打开" {...BACK} />
      ) : (
        <PartBody partsId={partsId} />
      )}
    </div>
  );
}

function PartBody({ partsId }: { partsId: number }) {
  const part = useFitting(partsId);
  useQueryError(part.error);

  if (!part.data) {
    if (part.isError) return <LoadFailure error={part.error} what="配件" onRetry={() => void part.refetch()} {...BACK} />;
    return <Loading />;
  }
  return (
    <>
      <PartSummary part={part.data} />
      <DtuGrid part={{ partsId, partsType: part.data.fittingType }} />
    </>
  );
}

function PartSummary({ part }: { part: Fitting }) {
  return (
    <Card variant="borderless" size="small">
      <div className="parts-detail-page__part" aria-label="配件信息">
        {part.partImageUrl ? (
          <img src={part.partImageUrl} alt={part.partDesc} />
        ) : (
          <span className="parts-detail-page__no-image">
            <PictureOutlined aria-label="暂无图片" />
          </span>
        )}
        <div className="parts-detail-page__part-text">
          <h2 className="parts-detail-page__part-name" title={part.partDesc}>
            {part.partDesc}
          </h2>
          <span>
            <Tag color="blue">{part.fittingTypeName}</Tag>
            <span className="catalogue-card__meta">创建于 {part.createTime}</span>
          </span>
        </div>
      </div>
    </Card>
  );
}

function DtuGrid({ part }: { part: PartRef }) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [draft, setDraft] = useState('');
  const [dtuType, setDtuType] = useState('');
  const [communicationType, setCommunicationType] = useState<CommunicationTypeCode | undefined>();
  const [adding, setAdding] = useState(false);

  const dtus = useDtus({ fittingId: part.partsId, dtuType: dtuType || undefined, communicationType, page: 1, pageSize: 0 });
  const communicationTypes = useCommunicationTypes();
  useQueryError(dtus.error ?? communicationTypes.error);
  const archive = useArchiveDtu();
  const list = dtus.data?.list ?? [];
  const typeName = fittingTypeName(part.partsType);

  const confirmArchive = (dtu: Dtu) =>
    modal.confirm({
      title: '提示',
      content: M.dtuArchiveConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => archive.mutateAsync(dtu.id), M.archived(fittingTypeName(dtu.fittingType ?? part.partsType))),
    });

  // seed 002 §6: the DTU actions need no button beyond the menu
  const actionsOf = (dtu: Dtu): CardAction[] => [
    { name: '属性设置', onClick: () => void navigate(partUrls.properties(part, dtu.id, dtu.communicationType)) },
    { name: '任务列表', onClick: () => void navigate(partUrls.tasks(part, dtu, false)) },
    { name: '新建任务', onClick: () => void navigate(partUrls.tasks(part, dtu, true)) },
    { name: '归档', onClick: () => confirmArchive(dtu), danger: true },
  ];

  return (
    <Card
      variant="borderless"
      title={`${typeName}列表`}
      extra={
        dtus.data && (
          <span className="parts-page__total" aria-label={`${typeName}总数`}>
            共 <strong>{dtus.data.total}</strong> 个{typeName}
          </span>
        )
      }
    >
      <div className="parts-page__filters">
        <SearchQuery
          label="DTU型号"
          className="parts-page__search"
          maxLength={ACCESSORY_LIMITS.dtuTypeMax}
          draft={draft}
          onDraftChange={setDraft}
          searched={dtuType}
          onSearch={setDtuType}
        />
        <Select
          aria-label="通信方式"
          className="parts-page__filter"
          placeholder="通信方式"
          allowClear
          value={communicationType}
          options={(communicationTypes.data ?? []).map((type) => ({ value: type.code as CommunicationTypeCode, label: type.name }))}
          loading={communicationTypes.isLoading}
          onChange={(value?: CommunicationTypeCode) => setCommunicationType(value)}
        />
      </div>

      <div className="catalogue-grid">
        <AddCard label="新增DTU" onClick={() => setAdding(true)} />
        {list.map((dtu) => (
          <DtuCard key={dtu.id} dtu={dtu} actions={actionsOf(dtu)} />
        ))}
      </div>

      {dtus.isLoading && <Spin className="parts-page__loading" />}
      {!dtus.isLoading && list.length === 0 && (
        <div className="parts-page__empty">
          {dtus.isError ? (
            <ListEmpty failed what={typeName} onRetry={() => void dtus.refetch()} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${typeName}`} />
          )}
        </div>
      )}

      <DtuFormDialog
        open={adding}
        fittingId={part.partsId}
        onClose={() => setAdding(false)}
        // a new DTU goes on to its test properties (seed 002 §4)
        onSaved={(id, type) => void navigate(partUrls.properties(part, id, type))}
      />
    </Card>
  );
}
