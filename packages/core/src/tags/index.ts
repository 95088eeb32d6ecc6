export * from './tag';
export * from './snippets';
