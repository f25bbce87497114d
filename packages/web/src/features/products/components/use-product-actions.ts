import { MSG, type Product } from '@factory/contracts';
import { App } from 'antd';
import { runWithFeedback } from '../../../lib/api-client';
import { useCopyProduct } from '../api/copy-product';
import { useDeleteProduct } from '../api/delete-product';
import { usePublishProduct } from '../api/publish-product';
import { useRevokeProduct } from '../api/revoke-product';

/**
 * The confirmed product actions (seed 001 §8): each asks its question, then calls
 * and shows the success text, or the server's errorMsg on a refusal. `onDone`
 * runs after a success (the push page goes back to the product center).
 */
export function useProductActions() {
  const { modal } = App.useApp();
  const publish = usePublishProduct();
  const revoke = useRevokeProduct();
  const copy = useCopyProduct();
  const remove = useDeleteProduct();

  const confirmed =
    (question: string, call: (id: number) => Promise<unknown>, success: string, danger = false) =>
    (product: Pick<Product, 'id'>, onDone?: () => void) =>
      modal.confirm({
        title: question,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: danger ? { danger: true } : undefined,
        onOk: async () => {
          if (await runWithFeedback(() => call(product.id), success)) onDone?.();
        },
      });

  return {
    publish: confirmed(MSG.productPublishConfirm, publish.mutateAsync, MSG.productPublished),
    revoke: confirmed(MSG.productRevokeConfirm, revoke.mutateAsync, MSG.productRevoked),
    copy: confirmed(MSG.productCopyConfirm, copy.mutateAsync, MSG.productCopied),
    remove: confirmed(MSG.productDeleteConfirm, remove.mutateAsync, MSG.productDeleted, true),
  };
}
