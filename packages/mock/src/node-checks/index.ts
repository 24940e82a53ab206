// The checks a node's services make after decoding the params, one file per group, each check
// written from the Go handler it names: where the node refuses a well-typed request (too many
// addresses, a reserved height, a missing ID), the mock refuses it with the node's code and
// message. They run before schema validation, on the params as the node decoded them (names
// matched case-insensitively), so they read defensively: a check looks only at what it needs.
import type { ServiceCheck } from './types.js';
import { checks as infoChecks } from './info.js';
import { checks as healthChecks } from './health.js';
import { checks as evmChecks } from './evm.js';
import { checks as platformStakingChecks } from './platform-staking.js';
import { checks as platformTxsChecks } from './platform-txs.js';
import { checks as avaxChecks } from './avax.js';

const groups: Array<Record<string, ServiceCheck>> = [infoChecks, healthChecks, evmChecks, platformStakingChecks, platformTxsChecks, avaxChecks];

/** Every group's checks by method name. */
export const serviceChecks: Readonly<Record<string, ServiceCheck>> = Object.assign({}, ...groups);

export type { ServiceCheck, ServiceCheckContext } from './types.js';
