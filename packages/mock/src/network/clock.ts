// The network's clock. Answers read time from here only, never from Date.now: in `manual` mode
// only `advance(ms)` moves it (tests decide when blocks come); in `real` mode a timer advances it
// by the block time, so the CLI's chain grows on its own.

export interface VirtualClock {
  /** Milliseconds since the Unix epoch, in the network's time. */
  now(): number;
  /** Moves time forward; `onTick` runs for every block boundary crossed. */
  advance(ms: number): void;
  /** Starts the real-time timer (no-op in manual mode or when running). */
  start(): void;
  stop(): void;
}

export interface ClockOptions {
  startMs: number;
  blockTimeMs: number;
  mode: 'manual' | 'real';
  /** Called with the time of each block boundary reached, in order. */
  onTick(timeMs: number): void;
}

/** Above this many block boundaries in one advance, empty intervals are merged (one block per 1/1000 of it). */
const MAX_TICKS_PER_ADVANCE = 1000;

/**
 * The latest time the chain may reach: 9999-12-31T23:59:59Z. A node prints its chain time with
 * Go's time.Time.MarshalJSON (platform.getTimestamp, getFeeState), which fails past year 9999.
 */
const MAX_CHAIN_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

class ClockError extends RangeError {
  override name = 'ClockError';
}

export function createClock(options: ClockOptions): VirtualClock {
  let now = options.startMs;
  let lastTick = options.startMs;
  let timer: ReturnType<typeof setInterval> | undefined;
  const advance = (ms: number) => {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new ClockError(`advance: a number of milliseconds ≥ 0 expected, got ${ms}`);
    if (ms > MAX_CHAIN_TIME_MS - now) throw new ClockError(`advance: ${ms} ms would take the chain past 9999-12-31T23:59:59Z, the latest time a node prints (at most ${MAX_CHAIN_TIME_MS - now} ms more)`);
    const target = now + ms;
    const step = Math.max(options.blockTimeMs, Math.ceil((target - lastTick) / MAX_TICKS_PER_ADVANCE));
    while (lastTick + step <= target) {
      // The block is made before the clock says it exists: a block that fails leaves time where it was.
      options.onTick(lastTick + step);
      lastTick += step;
      now = lastTick;
    }
    now = target;
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    now: () => now,
    advance,
    start() {
      if (options.mode !== 'real' || timer) return;
      timer = setInterval(() => {
        // A timer's throw would end the process: at the end of time the clock stops instead.
        try {
          advance(Math.min(options.blockTimeMs, MAX_CHAIN_TIME_MS - now));
        } catch {
          stop();
        }
        if (now >= MAX_CHAIN_TIME_MS) stop();
      }, options.blockTimeMs);
      timer.unref?.();
    },
    stop,
  };
}
