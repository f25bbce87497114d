import type { AnyEndpoint } from './endpoint.js';
import { LINE_ENDPOINTS } from './admin/line.endpoints.js';
import { BOARD_ENDPOINTS, DATA_CENTER_ENDPOINTS } from './board/board.endpoints.js';
import { RECORDS_ENDPOINTS } from './records/records.endpoints.js';
import { FIRMWARE_ENDPOINTS } from './product/firmware.endpoints.js';
import { FLOW_ENDPOINTS } from './product/flow.endpoints.js';
import { PRODUCT_ENDPOINTS } from './product/product.endpoints.js';
import { PROPERTY_ENDPOINTS } from './product/property.endpoints.js';
import { HEALTH_ENDPOINTS } from './health.endpoints.js';
import { SESSION_ENDPOINTS } from './session.endpoints.js';
import { DOCUMENT_ENDPOINTS, FILE_ENDPOINTS } from './admin/document.endpoints.js';
import { STATION_ENDPOINTS } from './station/station.endpoints.js';
import { MENU_ENDPOINTS } from './admin/menu.endpoints.js';
import { OPERATION_LOG_ENDPOINTS } from './admin/operation-log.endpoints.js';
import { ROLE_ENDPOINTS } from './admin/role.endpoints.js';
import { TERMINAL_ENDPOINTS } from './admin/terminal.endpoints.js';
import { USER_ENDPOINTS } from './admin/user.endpoints.js';
import { PRODUCTION_CODE_ENDPOINTS } from './task/production-code.endpoints.js';
import { TASK_TERMINAL_ENDPOINTS } from './task/task-terminal.endpoints.js';
import { TASK_ENDPOINTS } from './task/task.endpoints.js';
import { STOCK_ENDPOINTS } from './stock/stock.endpoints.js';
import { STOCK_STATION_ENDPOINTS } from './stock/stock-station.endpoints.js';
import {
  COMMUNICATION_ENDPOINTS,
  DTU_CATALOGUE_ENDPOINTS,
  DTU_ENDPOINTS,
  DTU_PROPERTY_ENDPOINTS,
  FITTING_ENDPOINTS,
} from './accessory/accessory.endpoints.js';
import { DTU_STATION_ENDPOINTS } from './accessory/dtu-station.endpoints.js';
import { DTU_SUBMISSION_ENDPOINTS } from './accessory/dtu-submission.endpoints.js';
import { DTU_TASK_ENDPOINTS } from './accessory/dtu-task.endpoints.js';

/**
 * Every call of the API by name, one group per domain (issue 14). PATHS is read
 * from here; the server registers each with route(), and a test checks that
 * every endpoint is served and every served /api route is an endpoint.
 */
export const ENDPOINTS = {
  ...LINE_ENDPOINTS,
  ...RECORDS_ENDPOINTS,
  ...BOARD_ENDPOINTS,
  ...DATA_CENTER_ENDPOINTS,
  ...PRODUCT_ENDPOINTS,
  ...PROPERTY_ENDPOINTS,
  ...FLOW_ENDPOINTS,
  ...FIRMWARE_ENDPOINTS,
  ...SESSION_ENDPOINTS,
  ...HEALTH_ENDPOINTS,
  ...DOCUMENT_ENDPOINTS,
  ...FILE_ENDPOINTS,
  ...STATION_ENDPOINTS,
  ...TERMINAL_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...ROLE_ENDPOINTS,
  ...OPERATION_LOG_ENDPOINTS,
  ...MENU_ENDPOINTS,
  ...TASK_ENDPOINTS,
  ...TASK_TERMINAL_ENDPOINTS,
  ...PRODUCTION_CODE_ENDPOINTS,
  ...STOCK_ENDPOINTS,
  ...STOCK_STATION_ENDPOINTS,
  ...FITTING_ENDPOINTS,
  ...DTU_ENDPOINTS,
  ...DTU_CATALOGUE_ENDPOINTS,
  ...DTU_PROPERTY_ENDPOINTS,
  ...COMMUNICATION_ENDPOINTS,
  ...DTU_TASK_ENDPOINTS,
  ...DTU_STATION_ENDPOINTS,
  ...DTU_SUBMISSION_ENDPOINTS,
} as const satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The path of every endpoint, by the endpoint's name. */
export function pathsOf<T extends Record<string, AnyEndpoint>>(endpoints: T): { readonly [K in keyof T]: T[K]['path'] } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, call]) => [name, call.path])) as {
    readonly [K in keyof T]: T[K]['path'];
  };
}
