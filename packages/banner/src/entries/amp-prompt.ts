import { runAmpPrompt } from '../amp/prompt';
import { readBoot } from './boot';

const boot = readBoot(document);
if (boot)
  runAmpPrompt(window, boot.config, boot.region, {
    visit: boot.endpoints.visit,
    consent: boot.endpoints.consent,
  });
