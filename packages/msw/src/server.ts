// `@avanode/msw/server`: the standalone mock node lives in @avanode/mock (no msw needed); this
// entry point stays so imports written before the split keep working.
export { startMockServer, type MockServer, type MockServerOptions } from '@avanode/mock/server';
