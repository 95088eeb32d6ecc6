import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis' },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Component tests; the browser tests (test/*.test.ts) run in node against a real server.
    include: ['src/**/*.test.tsx', 'test/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Sized for a loaded 2-core machine (several findBy… waits of up to 15 s each).
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
