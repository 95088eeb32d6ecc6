/**
 * What the consent runtime (packages/banner) may take from core: zod-free rules only. The banner's
 * build resolves `@assent/core` to this file so the visitor's download stays small.
 */
export { pickLanguage } from '../language';
export { isSafeLink } from '../validation';
export * from './rules';
export * from './visit';
export type * from './config';
