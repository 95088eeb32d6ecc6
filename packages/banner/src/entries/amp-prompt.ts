import { runAmpPrompt } from '../amp/prompt';
import type { SecondLayerModule } from '../cmp';
import { readBoot } from './boot';

const boot = readBoot(document);
// The prompt page is /banner/amp/{uuid}/prompt; the second layer is served at /banner/static/.
const secondLayer = new URL('../../static/second-layer.js', location.href).href;
if (boot)
  runAmpPrompt(window, boot.config, boot.region, {
    visit: boot.endpoints.visit,
    consent: boot.endpoints.consent,
    vendorList: boot.endpoints.vendorList,
    ...(boot.endpoints.googleVendors ? { googleVendors: boot.endpoints.googleVendors } : {}),
    loadSecondLayer: () => import(/* @vite-ignore */ secondLayer) as Promise<SecondLayerModule>,
  });
