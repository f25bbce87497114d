import { DTU_TASK_ENDPOINTS } from './accessory/dtu-task.endpoints.js';
import { BOARD_ENDPOINTS, DATA_CENTER_ENDPOINTS } from './board/board.endpoints.js';
import type { LiveStream } from './live-events.js';

/** Each live-event stream with the call that issues its tickets (same permission as the stream). */
export const LIVE_STREAMS = {
  /** the task board: `?taskId=` */
  board: { events: BOARD_ENDPOINTS.boardEvents, ticket: BOARD_ENDPOINTS.boardEventsTicket },
  /** the big-screen dashboard: the caller's account */
  dataCenter: { events: DATA_CENTER_ENDPOINTS.dataCenterEvents, ticket: DATA_CENTER_ENDPOINTS.dataCenterEventsTicket },
  /** a DTU task's board and progress page: `?taskId=` of a DTU task */
  dtuTask: { events: DTU_TASK_ENDPOINTS.dtuTaskEvents, ticket: DTU_TASK_ENDPOINTS.dtuTaskEventsTicket },
} as const satisfies Record<string, LiveStream>;
