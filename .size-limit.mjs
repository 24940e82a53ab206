// Size budgets (`pnpm size`; checked in the test suite by publish/test/sizes.test.ts). esbuild,
// minified, gzip. "Up front" is what an app loads before anything the client imports on
// demand: dynamic imports are left out of that bundle (and counted by "the whole package").

/** An esbuild plugin that leaves every `import()` unbundled: what remains is loaded up front. */
const upFrontOnly = {
  name: 'up-front-only',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

export default [
  {
    name: 'client: createBareClient + one method (getHeight), up front',
    path: ['packages/client/dist/index.js', 'packages/client/dist/generated/platform.js'],
    import: {
      'packages/client/dist/index.js': '{ createBareClient }',
      'packages/client/dist/generated/platform.js': '{ getHeight }',
    },
    gzip: true,
    // ESM output keeps each `import()` as it is (a script bundle would add a require shim).
    modifyEsbuildConfig: (config) => ({ ...config, format: 'esm', plugins: [...(config.plugins ?? []), upFrontOnly] }),
    limit: '2 kB',
  },
  {
    name: 'client: createClient (every namespace typed, every method name) + one method, up front',
    path: ['packages/client/dist/index.js', 'packages/client/dist/generated/platform.js'],
    import: {
      'packages/client/dist/index.js': '{ createClient }',
      'packages/client/dist/generated/platform.js': '{ getHeight }',
    },
    gzip: true,
    modifyEsbuildConfig: (config) => ({ ...config, format: 'esm', plugins: [...(config.plugins ?? []), upFrontOnly] }),
    limit: '2.4 kB',
  },
  {
    name: 'client: the whole package, every lazily loaded part included',
    path: 'packages/client/dist/index.js',
    import: '*',
    ignore: ['@avanode/validators'],
    gzip: true,
    // 10 kB until the namespaces became plain typed objects, which list every method name.
    // 10.4 kB until paginateUTXOs checked its options and the node's cursor (issue 27: a cycle
    // is a PaginationError, memory bounded without a set of every UTXO): 10.58 kB. 10.6 kB until
    // `validate: true` without @avanode/validators became a ConfigError naming the package and
    // error messages cut long pointers (issues 27 and 28): 10.73 kB. 10.8 kB until the C-chain's
    // atomic API, its eth_ reads and the X-chain's context methods (ten methods, two namespaces,
    // issue 37): 10.96 kB. Back to the 10,240 B (issue 41) when the 64-bit paths became
    // one tree per method (generated/uint64-paths.ts: prefixes written once): 10,137 B.
    limit: '10.24 kB',
  },
  {
    name: 'validators: one result validator (platform.getCurrentValidators)',
    path: 'packages/validators/dist/index.js',
    import: '{ validatePlatformGetCurrentValidatorsResult }',
    gzip: true,
    // 3 kB until the audit against the node's source: the result is now three exact validator
    // shapes (permissionless, permissioned, L1) and uint64 patterns that bound the value, 3.4 kB.
    // 3.6 kB until the faster pattern testers (generators/src/fast-patterns.ts, 3.62 kB): their
    // two helpers cost 0.1 kB and take a third off validating a whole validator set. 3.7 kB until
    // avalanchego v1.15.0-fuji's auto-renewed validators (three members, all or none) joined the
    // permissionless shape and the wire-form checks came in (issue 28): 3.82 kB.
    limit: '3.9 kB',
  },
  {
    name: 'validators: the whole package (validateParams, validateResult: every method)',
    path: 'packages/validators/dist/index.js',
    import: '*',
    gzip: true,
    // Smaller than before issue 28: each integer wire form is one check with one message
    // (generators/src/wire-forms.ts) instead of its patterns, and the compiled schemas lost their
    // descriptions. esbuild-minified and zlib-gzipped the same way at both commits, the package
    // went from 38,594 B to 36,829 B; this measure said 36.3 kB then, and 37.35 kB with the
    // v1.15.0-fuji types (three txs, the auto-renewed members): still under the 37.5 kB of before.
    // 37.5 kB until the C-chain's atomic API (coreth's and SAE's answers), its eth_ reads and the
    // X-chain's context methods, each with its params and result validators (issue 37): 40.67 kB.
    limit: '41 kB',
  },
  // The codec's helpers: amounts and addresses (bech32) hold 4 kB; the ID helpers cannot, as cb58
  // needs sha256 (2.7 kB alone) and base58 (docs/benchmarks.md has the breakdown).
  {
    name: 'codec: amount and address helpers (formatAvax, parseAvax, formatAddress, parseAddress)',
    path: 'packages/codec/dist/encoding/index.js',
    import: '{ formatAvax, parseAvax, formatAddress, parseAddress }',
    gzip: true,
    // 4 kB until every entry point checked its arguments and option objects and quoted inputs as
    // excerpts (issue 27): 4.15 kB, the messages most of it.
    limit: '4.2 kB',
  },
  {
    name: 'codec: every ID, address, amount and hex helper (@avanode/codec/encoding)',
    path: 'packages/codec/dist/encoding/index.js',
    import: '*',
    gzip: true,
    // 8 kB until the argument checks of issue 27, and hex printed and read in one pass (8.58 kB).
    limit: '8.7 kB',
  },
  // The C-chain's atomic txs alone (issue 37): their own type table over the codec's schema, cb58,
  // bech32 and sha256 (14.95 kB).
  {
    name: 'codec: C-chain atomic txs (@avanode/codec/cchain)',
    path: 'packages/codec/dist/cchain/index.js',
    import: '*',
    gzip: true,
    limit: '15.5 kB',
  },
  // The wallet: a key's address, signing and the BaseTx builder, what an app that sends AVAX loads.
  // The goal is 20 kB, below the floor of the audited primitives it must use: secp256k1 of
  // @noble/curves alone is 15.8 kB, and with sha256, ripemd160 (@noble/hashes) and hex, base58,
  // bech32 (@scure/base) 19.8 kB (bench/sizes.mjs measures both in the same run). The budget
  // holds today's figure (38.4 kB: ~15 kB of codec tables, fee rules, spend and signing on top,
  // then ~3.8 kB for issue 39: every address checked against its network and chain, the size and
  // gas limits checked before signing, the authorization table, unsigned bytes read by signTx;
  // then issue 37: keyAddress gives a key's C-chain EVM address too (`keyAddress(key, net, 'EVM')`)
  // and a key signer signs for it, which needs keccak-256 (@noble/hashes/sha3)).
  {
    name: 'wallet: keyAddress + signTx + buildBaseTx, up front',
    path: 'packages/wallet/dist/index.js',
    import: '{ keyAddress, signTx, buildBaseTx }',
    gzip: true,
    modifyEsbuildConfig: (config) => ({ ...config, format: 'esm', plugins: [...(config.plugins ?? []), upFrontOnly] }),
    limit: '42 kB',
  },
  {
    name: 'wallet: BLS proofs of possession (the chunk proofOfPossession loads)',
    path: 'packages/wallet/dist/bls.js',
    import: '*',
    gzip: true,
    limit: '30 kB',
  },
];
