import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../routes/context';
import { registerAmpRoutes } from './amp';
import { registerGroupRoutes } from './group';
import { createBannerRuntime } from './runtime';
import { registerScriptRoutes } from './scripts';
import { registerVisitRoutes } from './visits';

/**
 * The consent runtime's public endpoints (docs/banner.md "Endpoints"): cmp.js per property and per
 * account, the lazy second layer, the vendor list, the visit beacon, group consent and AMP. They
 * are the runtime's wire contract, not the console's API, so they live outside the route table;
 * everything under /banner/ stays frameable (app.ts).
 */
export default async function bannerPlugin(app: FastifyInstance, options: { deps: AppDeps }) {
  const runtime = createBannerRuntime(options.deps);
  registerScriptRoutes(app, runtime);
  registerVisitRoutes(app, runtime);
  registerGroupRoutes(app, runtime);
  registerAmpRoutes(app, runtime);
}
