// A mock node forked from a live network (issue 40): it starts from the upstream's P-chain at the
// fork height (fork/snapshot.ts), reads the rest on first use (fork/lazy.ts), and executes what is
// issued to it locally: no write ever reaches the upstream (issueTx is never forwarded).
import { createMockNode, type MockNode, type MockNodeOptions } from '../mock-node.js';
import type { NetworkOptions } from '../network/index.js';
import { forkLedger } from './ledger.js';
import { createForkLayer } from './lazy.js';
import type { ForkReader } from './reader.js';
import { readSnapshot, type ForkSnapshot } from './snapshot.js';

export type { ForkReader, ForkEndpoint } from './reader.js';
export type { ForkSnapshot } from './snapshot.js';

export interface ForkOptions {
  /** Where the fork reads: the upstream (fork/upstream.ts createUpstream's, from `url` in the server entry; a test's reader). */
  reader: ForkReader;
  /** The fork height (and the cache's key) instead of the upstream's last accepted height; at most that height. */
  height?: number;
  /** Reads from the cache alone: a miss answers the node's not-found, with one warning naming it. */
  offline?: boolean;
  /** The fork's warnings and the upstream's failure reasons, one line each (`createForkedMockNode` of the server entry: console.warn by default). */
  log?: (line: string) => void;
}

export interface ForkedMockNodeOptions extends Omit<MockNodeOptions, 'network'> {
  network: Omit<NetworkOptions, 'seed' | 'state' | 'networkID' | 'heliconTime' | 'forked'> & { fork: ForkOptions };
}

export class ForkError extends Error {
  override name = 'ForkError';
}

/** A height as the fork takes it: a whole number from 0 to 2^53 − 1. */
function checkedHeight(height: unknown): number | undefined {
  if (height === undefined) return undefined;
  if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0) throw new ForkError(`fork.height: a whole number from 0 to 2^53 − 1 expected, got ${String(height).slice(0, 40)}`);
  return height;
}

/**
 * Starts a mock node from the upstream's state: async, as it reads the upstream first (a failure
 * to read it throws a ForkError with the reason). The node's control API works as on any network
 * (fund, advance, mine, fees, faults); `control.reset` goes back to the fork's state, what was
 * read since kept in memory.
 */
export async function forkMockNode(options: ForkedMockNodeOptions): Promise<MockNode & { fork: ForkSnapshot }> {
  const { fork, ...network } = options.network;
  const height = checkedHeight(fork.height);
  let snapshot: ForkSnapshot;
  try {
    snapshot = await readSnapshot(fork.reader, height !== undefined ? { height } : {});
  } catch (error) {
    throw new ForkError(`fork: could not read the upstream's state: ${(error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error))}`, { cause: error });
  }
  const layer = createForkLayer({ reader: fork.reader, snapshot, ...(fork.offline ? { offline: true } : {}), ...(fork.log ? { log: fork.log } : {}) });
  const node = createMockNode({
    ...options,
    network: { ...network, forked: { ledger: () => forkLedger(snapshot), prepare: layer.prepare, changes: layer.changes } },
  });
  return Object.assign(node, { fork: snapshot });
}
