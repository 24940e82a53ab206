// The complete path: what a call needs beyond the core's common case, loaded on first use (the
// core imports it dynamically, and nothing imports it statically). It gathers the three ways of
// calling, which need all of the steps: a single call, a batch and an HTTP GET endpoint.
export { call } from './call.js';
export { batch } from './batch.js';
export { httpGet } from './http-get.js';
