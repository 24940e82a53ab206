import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const ALL_TESTS = ['spec/test/**/*.test.ts', 'generators/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'bench/test/**/*.test.ts', 'docs/test/**/*.test.ts', 'publish/test/**/*.test.ts', 'scripts/test/**/*.test.ts'];

// Tests whose outcome does not depend on the Node version that runs them: build-time tools that
// run on the build's Node (spec assembly, the generator and its drift check, tsc type tests, the
// linters), the docs site, Chromium runs, bundle sizes, packing and publishing, benchmark smoke.
const NODE_INDEPENDENT = [
  'spec/test/**/*.test.ts',
  'generators/test/**/*.test.ts',
  'packages/*/test/types.test.ts',
  'packages/client/test/bundle-cost.test.ts',
  'packages/msw/test/browser*.test.ts',
  'packages/wallet/test/browser.test.ts',
  'bench/test/**/*.test.ts',
  'docs/test/**/*.test.ts',
  'publish/test/**/*.test.ts',
  'scripts/test/lint.test.ts',
  'scripts/test/audit-sources.test.ts',
  // 64 MiB of txs hashed through the mempool: the same arithmetic on every Node, a minute of CPU.
  'packages/mock/test/mempool.test.ts',
];

// One run over every package's tests, so the closing count covers the whole suite.
// Tests import the packages by name, from their sources (the clean-room test covers dist).
export default defineConfig({
  resolve: {
    alias: {
      '@avanode/validators': here('./packages/validators/src/index.ts'),
      // The recordings reader, for the validators' tests (not a package dependency: it would make a build cycle).
      '@avanode/conformance/corpus': here('./conformance/src/corpus.ts'),
      '@avanode/client/info': here('./packages/client/src/generated/info.ts'),
      '@avanode/client/platform': here('./packages/client/src/generated/platform.ts'),
      '@avanode/client/health': here('./packages/client/src/generated/health.ts'),
      '@avanode/client/evm': here('./packages/client/src/generated/evm.ts'),
      '@avanode/client/reads': here('./packages/client/src/generated/reads.ts'),
      '@avanode/client/wait-for-tx': here('./packages/client/src/wait-for-tx.ts'),
      '@avanode/client': here('./packages/client/src/index.ts'),
      '@avanode/msw/server': here('./packages/msw/src/server.ts'),
      '@avanode/mock/server': here('./packages/mock/src/server.ts'),
      '@avanode/mock/json-rpc-server': here('./packages/mock/src/json-rpc/server.ts'),
      '@avanode/mock/json-rpc': here('./packages/mock/src/json-rpc/index.ts'),
      '@avanode/msw/json-rpc': here('./packages/msw/src/json-rpc.ts'),
      '@avanode/mock': here('./packages/mock/src/index.ts'),
      '@avanode/msw': here('./packages/msw/src/index.ts'),
      '@avanode/codec/encoding': here('./packages/codec/src/encoding/index.ts'),
      '@avanode/codec/results': here('./packages/codec/src/results.ts'),
      '@avanode/codec/cchain': here('./packages/codec/src/cchain/index.ts'),
      '@avanode/codec': here('./packages/codec/src/index.ts'),
      '@avanode/query': here('./packages/query/src/index.ts'),
      '@avanode/mcp': here('./packages/mcp/src/index.ts'),
      '@avanode/wallet/rules': here('./packages/wallet/src/rules/index.ts'),
      '@avanode/wallet': here('./packages/wallet/src/index.ts'),
    },
  },
  test: {
    // Two projects, so CI runs once what cannot differ by Node version and on every Node line only
    // what can (`vitest run --project runtime`); `pnpm test` runs both on one Node.
    projects: [
      { extends: true, test: { name: 'runtime', include: ALL_TESTS, exclude: [...NODE_INDEPENDENT, '**/node_modules/**'] } },
      { extends: true, test: { name: 'once', include: NODE_INDEPENDENT } },
    ],
    reporters: ['default', './scripts/count-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
