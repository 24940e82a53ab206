// The mock node's own ID: info.getNodeID's example. The `node-id` header of every answer names it,
// and getBlockchainStatus asks whether it validates a chain's subnet.
import { mockData } from './generated/mock-data.js';

export const NODE_ID = (mockData.methods['info.getNodeID']?.examples[0]?.result as { nodeID?: string } | undefined)?.nodeID ?? 'NodeID-111111111111111111116DBWJs';
