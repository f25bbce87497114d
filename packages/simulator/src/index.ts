/** The simulator as a library, for the demo, the end-to-end tests and the benchmarks. */
export { ConsoleApiError, type ConsoleApi, consoleApi, consoleLogin, setFirstPassword } from './console-client.js';
export { batchUnitsReader, codesReader, stationsOfRunningTasks } from './factory-discovery.js';
export * from './factory-plan.js';
export { type FactoryRun, type FactoryRunOptions, runFactory } from './factory-run.js';
export { type PlannedTask, planNextTask, type SeededFactory, type SeededTask, seedFactory, taskStatusOf, taskTerminalCodes } from './factory-seed.js';
export { type Device, deviceOf, ProductionLine } from './production-line.js';
export { type PdaApi, PdaClient } from './pda-client.js';
export { progressLine, summaryLines, warehouseProgress, warehouseSummary } from './progress.js';
export { seededRandom } from './random.js';
export { SimulationStats } from './simulation-stats.js';
export { type Simulation, type SimulationOptions, type StationLogin, startSimulation, type TaskProgress } from './simulation.js';
export { StationClient, type StationResult, StationRefusal, type SubmitOutcome } from './station-client.js';
export { runStation, scannedCodes } from './station-loop.js';
export { drawResult, itemValue } from './value-model.js';
export { type PassedUnit, planShipments, sampleUnits, startWarehouse, type Warehouse, type WarehouseOptions, WarehouseStats } from './warehouse.js';
export { type AccessoryPlan, DEMO_ACCESSORIES } from './accessory-plan.js';
export { seedAccessories } from './accessory-seed.js';
export { devicePng } from './demo-files.js';
