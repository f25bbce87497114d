import './zod-locale.js';
export * from './envelope.js';
export * from './messages.js';
export * from './permissions.js';
export * from './menu-tree.js';
export * from './session.js';
export * from './paths.js';
