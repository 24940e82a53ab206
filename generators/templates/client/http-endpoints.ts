// @about
// Template of the client's generated/http-endpoints.ts (client plugin). Hole: one entry per
// HTTP GET endpoint of the document (`x-http-endpoints`).
// @end about
// The plain HTTP GET endpoints (x-http-endpoints): paths, query, the statuses that are answers.
// Loaded on first use, so clients that never call one do not carry it.
import type { HttpEndpoint } from './core/types.js';

export const httpEndpoints: Readonly<Record<string, HttpEndpoint>> = {
  // @hole endpoints
  'status.get': { validator: 'validateStatusGetResponse', paths: { status: '/api/status', ready: '/api/status/ready' }, query: { check: 'checks' }, accept: [200, 503] },
  // @end endpoints
};
