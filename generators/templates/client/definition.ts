// @about
// Template of the client's generated/definition.ts (client plugin). Holes: the routes, the
// mutating methods and the module specifier of the validators package.
// @end about
// What the core knows of the document: where each method lives, and the tables it loads on
// first need (the reads, the 64-bit paths, the HTTP GET endpoints, the validators).
import type { ClientDefinition, ValidatorsModule } from './core/types.js';

const runtimeImport = (specifier: string): Promise<ValidatorsModule> => import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);

/** Where each method lives (by name prefix where a group shares one path; `true` last: the endpoint takes batch arrays), which change state, and which are reads. */
export const definition: ClientDefinition = {
  routes: [
    // @hole routes
    ['shard_height', '/api/shard/{shardID}', true, true],
    ['ledger.', '/api/ledger'],
    // @end routes
  ],
  mutating: [
    // @hole mutating
    'ledger.transfer',
    // @end mutating
  ],
  loadReads: () => import('./reads.js'),
  loadBigint: () => import('./uint64-paths.js'),
  loadHttpEndpoints: () => import('./http-endpoints.js'),
  // Optional peer dependency, loaded only by clients created with `validate: true`, at run time:
  // the specifier is a value, not a literal, so esbuild, Rollup, Vite and webpack all bundle an
  // app without the package (a bundled app passes the module instead: `validate: validators`).
  loadValidators: () => runtimeImport(/*@validators*/'@avanode/validators'),
};
