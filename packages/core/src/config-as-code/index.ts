export * from './document';
export * from './export';
export * from './messages';
export * from './plan';
export * from './schema-check';
export * from './suggest';
