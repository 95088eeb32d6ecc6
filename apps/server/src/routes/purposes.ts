import type { Routes } from '@assent/core/api';
import { GBC_PURPOSES, MSPA_PURPOSES } from '@assent/core/property';
import type { GroupHandlers } from './context';

/** The purpose lists: core's static data, the same the console imports. */
export const purposeHandlers: GroupHandlers<Routes['purposes']> = {
  async mspa() {
    return MSPA_PURPOSES.map((purpose) => ({ ...purpose }));
  },

  async googleBasicConsent() {
    return GBC_PURPOSES.map((purpose) => ({ ...purpose }));
  },
};
