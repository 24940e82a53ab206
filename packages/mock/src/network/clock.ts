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

export function createClock(options: ClockOptions): VirtualClock {
  let now = options.startMs;
  let lastTick = options.startMs;
  let timer: ReturnType<typeof setInterval> | undefined;
  const advance = (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance: a number of milliseconds ≥ 0 expected, got ${ms}`);
    const target = now + ms;
    const step = Math.max(options.blockTimeMs, Math.ceil((target - lastTick) / MAX_TICKS_PER_ADVANCE));
    while (lastTick + step <= target) {
      lastTick += step;
      now = lastTick;
      options.onTick(lastTick);
    }
    now = target;
  };
  return {
    now: () => now,
    advance,
    start() {
      if (options.mode !== 'real' || timer) return;
      timer = setInterval(() => advance(options.blockTimeMs), options.blockTimeMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
