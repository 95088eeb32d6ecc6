import { BACK_TO_ALL_PROPERTIES } from '@assent/core/property';

export const BACK_TO_PROPERTIES = BACK_TO_ALL_PROPERTIES;
