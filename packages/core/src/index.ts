/**
 * @assent/core: Assent's domain. Schemas, every rule of the spec as pure functions, the API route
 * table and the typed client. No React, no Node built-ins, no DOM.
 */
export * from './api';
export * from './banner';
export * from './country';
export * from './errors';
export * from './language';
export * from './messages';
export * from './property';
export * from './validation';
export * from './text';
export * from './audit-log';
export * from './tags';
export * from './format';
export * from './paths';
export * from './reports';
export * from './account';
export * from './theme';
export * from './bulk-update';
export * from './vendors';
export * from './config-as-code';
export * from './queries';
