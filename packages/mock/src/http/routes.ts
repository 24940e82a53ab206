// The node's routes (api/server/router.go + gorilla/mux): which gorilla service, geth-style
// server or Health API path answers an exact path. Built once per node from the spec's server
// paths, and each path's route worked out once (a bounded memo: every request can bring a new path).
import type { GethEndpoint } from '../envelope/geth.js';
import type { GorillaEndpoint } from '../envelope/gorilla.js';
import { mockData } from '../generated/mock-data.js';
import { BoundedMemo } from '../memo.js';
import type { ServiceCheckContext } from '../node-checks/index.js';

/** What a path leads to on this node, worked out once per path. */
export interface Route {
  /** A Health API path: the report it answers GET with (`health`, `readiness`, `liveness`). */
  health?: string;
  /** The gorilla service or the geth-style server on the path, with the path's variables. */
  gorilla?: { endpoint: GorillaEndpoint; context: ServiceCheckContext };
  geth?: { endpoint: GethEndpoint; context: ServiceCheckContext };
}

/** The P-chain's routes besides /ext/bc/P (genesis/aliases.go:34-40: its ID, `P`, `platform`, with and without `bc/`). */
const PLATFORM_ALIASES = ['/ext/P', '/ext/platform', '/ext/bc/platform', '/ext/bc/11111111111111111111111111111111LpoYY'];
const P_CHAIN_NAMES = new Set(['P', 'platform', '11111111111111111111111111111111LpoYY']);

/** `/ext/bc/2Cdi…/rpc` matches `/ext/bc/{blockchainID}/rpc`; returns the variables, or undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const variables: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const variable = /^\{(\w+)\}$/.exec(part);
    if (variable && got[i]) variables[variable[1]!] = got[i]!;
    else if (part !== got[i]) return undefined;
  }
  return variables;
}

/** The variables of `pattern` in `path`, unless it names the P-chain (served by /ext/bc/P and its aliases only). */
function matchOffPChain(pattern: string, path: string): Record<string, string> | undefined {
  const variables = matchPath(pattern, path);
  return variables && !(variables.blockchainID && P_CHAIN_NAMES.has(variables.blockchainID)) ? variables : undefined;
}

/** The endpoints, from the spec's server paths: one gorilla service or the geth server per path. */
function endpointsOf(publicNode: boolean) {
  const gorilla = new Map<string, GorillaEndpoint & { methods: Map<string, string> }>();
  const geth = new Map<string, Set<string>>();
  for (const [name, mock] of Object.entries(mockData.methods)) {
    for (const pattern of mock.paths) {
      if (pattern.endsWith('/rpc')) {
        if (!geth.has(pattern)) geth.set(pattern, new Set());
        geth.get(pattern)!.add(name);
        continue;
      }
      const dot = name.indexOf('.');
      if (!gorilla.has(pattern)) gorilla.set(pattern, { service: name.slice(0, dot), methods: new Map() });
      // A public node does not serve the node-specific methods.
      if (publicNode && mock.nodeSpecific) continue;
      const member = name.slice(dot + 1);
      gorilla.get(pattern)!.methods.set(member[0]!.toUpperCase() + member.slice(1), name);
    }
  }
  const platform = gorilla.get('/ext/bc/P');
  if (platform) for (const alias of PLATFORM_ALIASES) if (!gorilla.has(alias)) gorilla.set(alias, platform);
  return { gorilla, geth };
}

const gethArity = (name: string) => mockData.methods[name]?.params.length ?? 0;

/** A node's router: the route of an exact path (none found: an empty route, a 404). */
export function createRouter(publicNode: boolean): (path: string) => Route {
  const { gorilla, geth } = endpointsOf(publicNode);
  const healthPaths = Object.entries(mockData.httpEndpoints['health.get']?.paths ?? {});
  const routes = new BoundedMemo<Route>({ maxEntries: 256, maxKeyLength: 2048 });
  return (path) => {
    let route = routes.get(path);
    if (route) return route;
    route = {};
    const healthKey = healthPaths.find(([, p]) => p === path)?.[0];
    if (healthKey !== undefined || path === '/ext/health') route.health = healthKey === 'healthAlias' ? 'health' : (healthKey ?? 'health');
    for (const [pattern, endpoint] of gorilla) {
      const variables = matchOffPChain(pattern, path);
      if (!variables) continue;
      route.gorilla = { endpoint, context: { path, ...variables } };
      break;
    }
    if (!route.gorilla) {
      for (const [pattern, methods] of geth) {
        const variables = matchOffPChain(pattern, path);
        if (!variables) continue;
        route.geth = { endpoint: { methods, arity: gethArity }, context: { path, ...variables } };
        break;
      }
    }
    routes.set(path, route);
    return route;
  };
}
