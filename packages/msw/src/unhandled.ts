// What msw does with a request no handler answers, said so that msw 2 and msw 3 both hear it.
// msw 2 reads `onUnhandledRequest` (a strategy, or `(request, print)`); msw 3 renamed it to
// `onUnhandledFrame` (a strategy, or `({ frame, defaults })`, where `defaults.error()` only
// prints) and silently ignores the old key, so `{ onUnhandledRequest: 'error' }` lets every
// unhandled request through to the network on msw 3. The options below carry both keys: each
// major reads its own and ignores the other, so nothing here needs to know which msw is installed
// (and this module imports no msw at all).

/** What the unhandled-request callback may do: print msw's warning, or print its error and fail the request. */
export interface UnhandledRequestPrint {
  warning(): void;
  /** Prints msw's error and fails the request as a network error (fetch rejects), as the 'error' strategy does. */
  error(): void;
}

/** A request no handler answered: the request, and msw's printers. Return to let it through to the network. */
export type UnhandledRequestCallback = (request: Request, print: UnhandledRequestPrint) => void;

export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error' | UnhandledRequestCallback;

/** msw 2's printers, typed without msw's own types. */
type LegacyPrint = { warning: () => unknown; error: () => unknown };
/** msw 3's callback, typed without msw's own types (this package builds against msw 2). */
type FrameCallback = (args: { frame: unknown; defaults: { warn: () => unknown; error: () => unknown } }) => void;

/** Options for `server.listen()` and `worker.start()` of msw 2 and msw 3 alike. */
export interface UnhandledRequestOptions {
  /** Read by msw 2. */
  onUnhandledRequest: UnhandledRequestStrategy;
  /** Read by msw 3. */
  onUnhandledFrame: Exclude<UnhandledRequestStrategy, UnhandledRequestCallback> | FrameCallback;
}

/**
 * `print.error()` for the user's callback. msw's own printer only prints on msw 3 and on msw 2
 * from its network rewrite on (older 2.x threw from it); a thrown network-error Response is
 * what makes msw fail the request on each of them (it answers the request with it: fetch
 * rejects with a TypeError, as when nothing listens).
 */
const printThenFail = (printError: () => unknown) => () => {
  void printError();
  throw Response.error();
};

/**
 * `server.listen(unhandledRequests('error'))`, `worker.start({ ...unhandledRequests('bypass'), quiet: true })`:
 * the strategy for requests no handler answers, for msw 2 (`onUnhandledRequest`) and msw 3
 * (`onUnhandledFrame`) at once. A callback gets the request and `print`; `print.error()` fails
 * the request on both majors, and returning lets it through. On msw 3, frames that are not HTTP
 * requests (WebSocket connections) get msw's default, a warning.
 */
export function unhandledRequests(strategy: UnhandledRequestStrategy): UnhandledRequestOptions {
  if (strategy !== 'bypass' && strategy !== 'warn' && strategy !== 'error' && typeof strategy !== 'function') {
    throw new TypeError(`unhandledRequests: the strategy must be 'bypass', 'warn', 'error' or a function, got ${JSON.stringify(strategy)}`);
  }
  if (typeof strategy !== 'function') return { onUnhandledRequest: strategy, onUnhandledFrame: strategy };
  const onUnhandledRequest = (request: Request, print: LegacyPrint) => strategy(request, { warning: () => void print.warning(), error: printThenFail(() => print.error()) });
  const onUnhandledFrame: FrameCallback = ({ frame, defaults }) => {
    const request = (frame as { data?: { request?: unknown } } | undefined)?.data?.request;
    if (!(request instanceof Request)) {
      void defaults.warn();
      return;
    }
    strategy(request, { warning: () => void defaults.warn(), error: printThenFail(() => defaults.error()) });
  };
  return { onUnhandledRequest, onUnhandledFrame };
}
