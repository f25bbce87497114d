import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from './platform/module-context.js';
import { boardRoutes } from './modules/board/board.routes.js';
import { communicationModuleRoutes } from './modules/communication-module/communication-module.routes.js';
import { moduleDtuRoutes } from './modules/communication-module/module-dtu.routes.js';
import { dataCenterRoutes } from './modules/data-center/data-center.routes.js';
import { documentRoutes } from './modules/document/document.routes.js';
import { dtuPropertyRoutes } from './modules/dtu-property/dtu-property.routes.js';
import { dtuRecordRoutes } from './modules/dtu-record/dtu-record.routes.js';
import { dtuStationRoutes } from './modules/dtu-station/dtu-station.routes.js';
import { dtuRoutes } from './modules/dtu/dtu.routes.js';
import { dtuTaskRoutes } from './modules/dtu-task/dtu-task.routes.js';
import { dtuReportRoutes } from './modules/dtu-report/dtu-report.routes.js';
import { dtuSamplingRoutes } from './modules/dtu-sampling/dtu-sampling.routes.js';
import { dtuSubmissionRoutes } from './modules/dtu-submission/dtu-submission.routes.js';
import { firmwareRoutes } from './modules/firmware/firmware.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { flowRoutes } from './modules/flow/flow.routes.js';
import { lineRoutes } from './modules/line/line.routes.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { operationLogRoutes } from './modules/operation-log/operation-log.routes.js';
import { partRoutes } from './modules/part/part.routes.js';
import { productRoutes } from './modules/product/product.routes.js';
import { productionCodeRoutes } from './modules/production-code/production-code.routes.js';
import { recordRoutes } from './modules/records/records.routes.js';
import { propertyRoutes } from './modules/property/property.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { stationRoutes } from './modules/station/station.routes.js';
import { stockStationRoutes } from './modules/stock/stock-station.routes.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { taskTerminalRoutes } from './modules/task/task-terminal.routes.js';
import { taskRoutes } from './modules/task/task.routes.js';
import { terminalRoutes } from './modules/terminal/terminal.routes.js';
import { userRoutes } from './modules/user/user.routes.js';


/**
 * The whole API in one list. Each module registers absolute paths from
 * PATHS in @factory/contracts, so the console and tests use the same strings.
 */
const modules: ((context: ModuleContext) => FastifyPluginAsyncZod)[] = [
  sessionRoutes,
  healthRoutes,
  menuRoutes,
  lineRoutes,
  terminalRoutes,
  userRoutes,
  roleRoutes,
  documentRoutes,
  operationLogRoutes,
  productRoutes,
  propertyRoutes,
  flowRoutes,
  firmwareRoutes,
  taskRoutes,
  taskTerminalRoutes,
  productionCodeRoutes,
  stationRoutes,
  recordRoutes,
  boardRoutes,
  dataCenterRoutes,
  stockRoutes,
  stockStationRoutes,
  dtuRoutes,
  dtuPropertyRoutes,
  partRoutes,
  communicationModuleRoutes,
  moduleDtuRoutes,
  dtuTaskRoutes,
  dtuRecordRoutes,
  dtuStationRoutes,
  dtuSubmissionRoutes,
  dtuSamplingRoutes,
  dtuReportRoutes,
];

export async function registerRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  for (const module of modules) await app.register(module(context));
}
