import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tui',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.{ts,tsx}'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
