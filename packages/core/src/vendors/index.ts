export * from './gvl';
export * from './selection';
