/**
 * How a task's own number (its id) is written wherever a task is named: the task
 * list, its detail, its board and the device trace (任务 #4). The production-code
 * export names its file with the same number (…_生产编码_4.xlsx), so a supervisor
 * can match a file, a board and a row of the list at a glance. A row's position in
 * the list (序号) is not that number and changes with filters and paging.
 */
export const taskNumberText = (taskId: number): string => `#${taskId}`;
