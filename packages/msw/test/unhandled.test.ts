// The handlers and unhandledRequests() on msw 2, the workspace's msw (msw-cases.ts; msw3/ runs
// the same cases on msw 3), and the helper's own contract.
import { createRequire } from 'node:module';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import * as avanode from '@avanode/msw';
import { unhandledRequests } from '@avanode/msw';
import { mswCases } from './msw-cases.ts';

const { version } = createRequire(import.meta.url)('msw/package.json') as { version: string };

describe(`on msw ${version}`, () => {
  it('is msw 2', () => expect(version).toMatch(/^2\./));
  mswCases(async () => ({ version, setupServer: setupServer as never, avanode }));
});

describe('unhandledRequests()', () => {
  it('a strategy goes under both keys, for msw 2 and msw 3', () => {
    for (const strategy of ['bypass', 'warn', 'error'] as const) expect(unhandledRequests(strategy)).toEqual({ onUnhandledRequest: strategy, onUnhandledFrame: strategy });
  });

  it('an msw 3 frame that is not an HTTP request (a WebSocket) gets msw\'s default warning, not the callback', () => {
    const calls: string[] = [];
    const { onUnhandledFrame } = unhandledRequests(() => calls.push('callback'));
    (onUnhandledFrame as (args: object) => void)({ frame: { data: { connection: {} } }, defaults: { warn: () => calls.push('warn'), error: () => calls.push('error') } });
    expect(calls).toEqual(['warn']);
  });

  it('anything else is a TypeError naming what it got', () => {
    expect(() => unhandledRequests('fail' as never)).toThrow(new TypeError(`unhandledRequests: the strategy must be 'bypass', 'warn', 'error' or a function, got "fail"`));
  });
});
