export * from './arena/index.js';
