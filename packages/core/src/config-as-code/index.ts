export * from './document';
export * from './export';
export * from './messages';
export * from './plan';
