import { defineConfig } from 'vitest/config';

// One vitest workspace: every package and app brings its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
