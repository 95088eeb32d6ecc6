/** Fixed builders for tests of every face (never random data). */
export * from './account';
export * from './bulk-update';
export * from './property';
export * from './reports';
export * from './theme';
