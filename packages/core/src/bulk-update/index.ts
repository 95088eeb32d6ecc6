export * from './fields';
export * from './filters';
export * from './messages';
export * from './status';
export * from './steps';
