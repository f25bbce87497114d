import { Button, Card, Empty, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import './page-result.css';

interface BackProps {
  backTo: string;
  backLabel: string;
}

interface LoadFailureProps extends BackProps {
  error: unknown;
  /** what could not be loaded, e.g. 生产记录 */
  what: string;
  /** shows 重试 beside the way back (not on a 404) */
  onRetry?: () => void;
}

/**
 * A detail page whose call failed (the records and stock pages): 404 says the thing is
 * gone (or out of the user's scope, which the server answers the same way); anything
 * else shows the server's message beside the pop-up the client already showed.
 */
export function LoadFailure({ error, what, backTo, backLabel, onRetry }: LoadFailureProps) {
  const navigate = useNavigate();
  const missing = error instanceof ApiError && error.status === 404;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Card variant="borderless">
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? `${what}不存在` : `${what}加载失败`}
        subTitle={missing ? `该${what}不存在、已被删除或无权查看` : message}
        extra={[
          !missing && onRetry && (
            <Button key="retry" onClick={onRetry}>
              重试
            </Button>
          ),
          <Button key="back" type="primary" onClick={() => void navigate(backTo)}>
            {backLabel}
          </Button>,
        ]}
      />
    </Card>
  );
}

/** A page opened without the query it needs (a hand-typed or cut address). */
export function MissingQuery({ title, hint, backTo, backLabel }: BackProps & { title: string; hint: string }) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="warning"
        title={title}
        subTitle={hint}
        extra={
          <Button type="primary" onClick={() => void navigate(backTo)}>
            {backLabel}
          </Button>
        }
      />
    </Card>
  );
}

/** A detail page waiting for its first answer. */
export function Loading() {
  return (
    <Card variant="borderless">
      <Spin className="page-result-loading" />
    </Card>
  );
}

/** A list's empty text: 暂无数据, or the failure with 重试 (the pop-up was shown by useQueryError). */
export function ListEmpty({ failed, what, onRetry }: { failed: boolean; what: string; onRetry: () => void }) {
  return failed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${what}加载失败`}>
      <Button onClick={onRetry}>重试</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
  );
}
