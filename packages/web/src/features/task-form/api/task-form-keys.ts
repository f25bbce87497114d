/**
 * Query keys of the two task-form steps. Saving a step invalidates `all`, so going
 * back and forth between the steps always shows what the server holds.
 */
export const taskFormKeys = {
  all: ['taskForm'] as const,
  publishedProducts: (productTypeId: number) => [...taskFormKeys.all, 'publishedProducts', productTypeId] as const,
  lineOptions: () => [...taskFormKeys.all, 'lineOptions'] as const,
  editData: (taskId: number) => [...taskFormKeys.all, 'editData', taskId] as const,
  pads: (taskId: number, lineIds: readonly number[]) => [...taskFormKeys.all, 'pads', taskId, lineIds.join(',')] as const,
};
