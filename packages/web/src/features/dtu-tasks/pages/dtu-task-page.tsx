import { DtuTaskListPage } from './dtu-task-list-page';

/** DTU任务 (/dtuTask?partsId&partsType&dtuId&dtuNumber&isAdd=yes|no, seed 002 §2). */
export function DtuTaskPage() {
  return <DtuTaskListPage rework={false} />;
}
