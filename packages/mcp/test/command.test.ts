// `avanode mcp`'s flags: a mistake is one line and exit code 2, before anything is served.
import { expect, it } from 'vitest';
import { runMcpCommand } from '../src/command.ts';

async function run(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runMcpCommand(argv, { log: (line) => lines.push(line), env: {} });
  return { code, lines };
}

it('refuses a missing --url, an unknown flag, a bad port and an unknown toolset, naming what is wrong', async () => {
  expect(await run([])).toEqual({ code: 2, lines: [expect.stringMatching(/--url is required/)] });
  expect((await run(['--url', 'http://127.0.0.1:1', '--bogus'])).lines[0]).toMatch(/'--bogus'/);
  expect(await run(['--url', 'http://127.0.0.1:1', '--http', '70000'])).toEqual({ code: 2, lines: [expect.stringMatching(/--http must be a port number, got "70000"/)] });
  const toolset = await run(['--url', 'http://127.0.0.1:1', '--toolsets', 'platform,wallet']);
  expect(toolset.code).toBe(2);
  expect(toolset.lines[0]).toMatch(/unknown toolset "wallet"; this document has evm, health, info, platform|unknown toolset "wallet"; this document has .*platform/);
});

it('prints its usage with --help', async () => {
  const { code, lines } = await run(['--help']);
  expect(code).toBe(0);
  expect(lines[0]).toMatch(/^usage: avanode mcp --url <node> \[--toolsets [a-z,]+\] \[--allow-writes\] \[--http <port>\]/);
});
