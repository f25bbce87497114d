/*
 * Every test factory, once: rows written straight to the tables (accounts, lines,
 * products, tasks, terminals, log entries), file bodies, and unique names and codes.
 */
export * from './accessory.js';
export * from './dtu-tasks.js';
export * from './accounts.js';
export * from './files.js';
export * from './lines.js';
export * from './operation-log.js';
export * from './products.js';
export * from './tasks.js';
export * from './terminals.js';
export * from './unique.js';
