import { DtuTaskListPage } from './dtu-task-list-page';

/** 返工模式 (/rework?dtuId&partsId&partsType&dtuNumber, seed 002 §2): the DTU's rework tasks. */
export function ReworkPage() {
  return <DtuTaskListPage rework />;
}
