import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LoadFailure, Loading, MissingQuery } from '../../../components/page-result';
import { useQueryError } from '../../../lib/use-query-error';
import { useCommunication } from '../api/get-communication';
import { BackButton } from '../components/back-button';
import { ModuleDtuTable } from '../components/module-dtu-table';
import { ModuleSummary } from '../components/module-summary';
import { COMMUNICATION_MENU, COMMUNICATION_TRAIL, idParam, modelNumberOf } from '../communication-view';
import './communication-detail-page.css';

const BACK = { backTo: COMMUNICATION_MENU, backLabel: '返回通信模块' };

/** 通信模块详情 (seed 002 §2): one module and its DTUs (?id&modelNumber, the model URI-encoded twice). */
export function CommunicationDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const modelNumber = modelNumberOf(params);
  return (
    <div className="communication-detail-page">
      <PageHeader
        title="通信模块详情"
        breadcrumb={[...COMMUNICATION_TRAIL, modelNumber || '通信模块详情']}
        extra={<BackButton fallback={COMMUNICATION_MENU} />}
      />
      {id === null ? (
        <MissingQuery title="未指定通信模块" hint="请从通信模块列表点击“详情”打开" {...BACK} />
      ) : (
        <ModuleBody id={id} />
      )}
    </div>
  );
}

function ModuleBody({ id }: { id: number }) {
  const module = useCommunication(id);
  useQueryError(module.error);

  if (!module.data) {
    if (module.isError) return <LoadFailure error={module.error} what="通信模块" onRetry={() => void module.refetch()} {...BACK} />;
    return <Loading />;
  }
  return (
    <>
      <ModuleSummary module={module.data} />
      <ModuleDtuTable communicationPartId={id} />
    </>
  );
}
