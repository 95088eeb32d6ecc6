import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __ASSENT_US__: 'true' },
  test: {
    name: 'banner',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
