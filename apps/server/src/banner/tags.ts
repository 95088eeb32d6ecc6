import type { Routes } from '@assent/core';
import { AssentError } from '@assent/core';
import type { GroupHandlers, Handler } from '../routes/context';

const NOT_YET = 'Tags are not available yet.';

export const tagHandlers: GroupHandlers<Routes['tags']> = {
  async get() {
    throw new AssentError('NOT_IMPLEMENTED', NOT_YET);
  },
};

export const sdkHandler: Handler<Routes['apps']['sdk']> = async () => {
  throw new AssentError('NOT_IMPLEMENTED', NOT_YET);
};
