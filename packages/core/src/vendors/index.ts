export * from './gvl';
export * from './selection';
export * from './vendor-list';
