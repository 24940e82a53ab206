// @about
// Template of the mock's generated/mock-data.ts (mock plugin, src/plugins/mocks.ts): the types
// of the data the mock node answers from, and the data.
// @end about
// The data the mock node answers from: every method of the document and its examples.

/** One method as the mock node knows it. */
export interface MethodMock {
  /** Endpoint paths it is answered on (a `{variable}` stands for any value of it). */
  paths: string[];
  byPosition: boolean;
  /** Param names, in order. */
  params: string[];
  /** Unavailable on the public server (`x-node-specific`). */
  nodeSpecific: boolean;
  /** The document's examples: the default answers (the one whose params match, else the first). */
  examples: Array<{ params: unknown; result: unknown }>;
}

/** A plain HTTP endpoint: named paths, the statuses it answers with, its example answers. */
export interface HttpEndpointMock {
  paths: Record<string, string>;
  statuses: number[];
  nodeSpecific: boolean;
  examples: unknown[];
}

export interface MockData {
  methods: Record<string, MethodMock>;
  httpEndpoints: Record<string, HttpEndpointMock>;
}

/** What the mock node answers from: every method of the document and its examples. */
export const mockData: MockData = /*@data[*/{ methods: {}, httpEndpoints: {} }/*]*/;
