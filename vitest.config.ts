import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // CPQ_DEV_GATE_LATENCY_MS: the dev-only latency knob (src/limits/dev-latency.ts), off but present in tests.
          bindings: { ADMIN_TOKEN: 'test-admin-token', TEST_MIGRATIONS: migrations, CPQ_DEV_GATE_LATENCY_MS: '0' },
        },
      }),
    ],
    test: {
      setupFiles: ['./test/setup.ts'],
      include: ['test/**/*.test.ts'],
      // Some rate-limit tests first wait out the end of a minute (up to ~5 s), and workerd is slower on a loaded CI box.
      testTimeout: 30_000,
    },
  };
});
