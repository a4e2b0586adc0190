export * from './roles';
export * from './rights';
export * from './menu';
export * from './messages';
export * from './api/common';
export * from './api/auth';
export * from './api/master';
