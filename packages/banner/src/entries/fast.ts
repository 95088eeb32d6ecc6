import { startFast } from '../loader/fast';
import { takePendingBoot } from '../loader/loader';

// A run without a loader's configuration to take (the runtime's warm-up of this file) does nothing.
const pending = takePendingBoot(window);
if (pending) startFast(window, pending);
