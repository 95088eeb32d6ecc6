export {
  CHROMIUM,
  CHROMIUM_ARGS,
  hasChromium,
  launchChromium,
  noChromiumMessage,
} from './chromium';
export type { Browser } from './chromium';
export { GVL_FIXTURES_DIR, gvlFixture, gvlFixturePath } from './fixtures';
export type { GvlFixture } from './fixtures';
export { mailedCode, mailedInvitationLink, readOutbox } from './outbox';
export type { OutboxMail } from './outbox';
export { findPostgresBin, startCluster } from './postgres-cluster';
export type { Cluster } from './postgres-cluster';
export type { BrowserContext, Page } from 'playwright-core';
export { loadChdb, openChdb, startChdbHttp } from './chdb';
export type { ChdbHttp, ChdbSession } from './chdb';
