// @avanode/query: TanStack Query v5 options for every method of the node, generated (./generated).
export * from './generated/index.js';
