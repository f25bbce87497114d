import { ACCESSORY_MSG, BLUETOOTH, type Dtu, fittingTypeName } from '@factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header';
import { LoadFailure, Loading, MissingQuery } from '../../../../components/page-result';
import { useQueryError } from '../../../../lib/use-query-error';
import { DtuFormDialog } from '../../components/dtu-form-dialog';
import { idParam, type PartRef, PARTS_MENU, partUrls } from '../../parts-view';
import { useDtu } from '../api/get-dtu';
import { potionKeys } from '../api/potion-keys';
import { DtuInfoCard } from '../components/dtu-info-card';
import { AutoPropertyTable, OtherPropertyTable, SerialPropertyTable } from '../components/property-tables';
import { isArchived, POTION_TRAIL } from '../potion-view';
import './parts-potion-page.css';

/** The part whose DTU list 确定 returns to: the address's, else the DTU's own. */
function partOf(params: URLSearchParams, dtu: Dtu | undefined): PartRef | null {
  const partsId = idParam(params, 'partsId') ?? dtu?.fittingId ?? null;
  const partsType = idParam(params, 'partsType') ?? dtu?.fittingType ?? null;
  return partsId === null || partsType === null ? null : { partsId, partsType };
}

/**
 * /partsPotion?dtuId&partsId&partsType&communicationType, DTU属性设置 (seed 002 §2): the
 * DTU's information and its serial (bluetooth only), automatic and other test properties.
 * The DTU's own communication type decides the serial table and the catalogues; the
 * address's may be older than an edit.
 */
export function PartsPotionPage() {
  const [params] = useSearchParams();
  const dtuId = idParam(params, 'dtuId');
  return (
    <div className="potion-page">
      <PageHeader title="DTU属性设置" breadcrumb={POTION_TRAIL} />
      {dtuId === null ? (
        <MissingQuery
          title="未指定DTU"
          hint="请从配件详情的DTU列表点击“属性设置”打开"
          backTo={PARTS_MENU}
          backLabel="返回配件管理"
        />
      ) : (
        <PotionBody dtuId={dtuId} />
      )}
    </div>
  );
}

function PotionBody({ dtuId }: { dtuId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const dtu = useDtu(dtuId);
  useQueryError(dtu.error);
  const [editOpen, setEditOpen] = useState(false);

  const part = partOf(params, dtu.data);
  const back = part ? { backTo: partUrls.detail(part), backLabel: '返回配件详情' } : { backTo: PARTS_MENU, backLabel: '返回配件管理' };
  if (!dtu.data) {
    if (dtu.isError) return <LoadFailure error={dtu.error} what="DTU" onRetry={() => void dtu.refetch()} {...back} />;
    return <Loading />;
  }

  const readOnly = isArchived(dtu.data);
  const fittingId = dtu.data.fittingId;
  // A module's DTU (no part) is edited on the module screen.
  const editable = !readOnly && fittingId !== null;
  const saved = (_id: number, communicationType: string | null) => {
    setEditOpen(false);
    void queryClient.invalidateQueries({ queryKey: potionKeys.dtu(dtuId) });
    // The address follows the DTU, so a reload or a shared link opens it as it now is.
    if ((params.get('communicationType') ?? '') !== (communicationType ?? '')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('communicationType', communicationType ?? '');
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <>
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          title={ACCESSORY_MSG.archived(fittingTypeName(dtu.data.fittingType ?? 1))}
          description="已归档的DTU只能查看，不能修改DTU信息和检测属性"
        />
      )}
      <DtuInfoCard dtu={dtu.data} onEdit={editable ? () => setEditOpen(true) : undefined} />
      {dtu.data.communicationType === BLUETOOTH && <SerialPropertyTable dtu={dtu.data} readOnly={readOnly} />}
      <AutoPropertyTable dtu={dtu.data} readOnly={readOnly} />
      <OtherPropertyTable dtu={dtu.data} readOnly={readOnly} />
      <div className="potion-page__footer">
        <Button type="primary" onClick={() => void navigate(back.backTo)}>
          确定
        </Button>
      </div>
      {editable && (
        <DtuFormDialog open={editOpen} fittingId={fittingId} dtu={dtu.data} onClose={() => setEditOpen(false)} onSaved={saved} />
      )}
    </>
  );
}
