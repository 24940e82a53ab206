// The MCP plugin's tool names: what every MCP client accepts, one per method, settled in document
// order so a method keeps its name when another is added after it.
import { expect, it } from 'vitest';
import { toolNames } from '../src/plugins/mcp.ts';

const ACCEPTED = /^[a-zA-Z0-9_-]{1,64}$/;

it('turns wire names into accepted tool names, the first of a clash keeping its natural name', () => {
  expect(toolNames(['platform.getHeight', 'eth_feeConfig', 'a b/c', ''])).toEqual(['platform_getHeight', 'eth_feeConfig', 'a_b_c', 'tool']);
  expect(toolNames(['x.y', 'x_y', 'x y', 'x_y_2'])).toEqual(['x_y', 'x_y_2', 'x_y_3', 'x_y_2_2']);
  const long = 'n'.repeat(70);
  const names = toolNames([long, `${long}.a`, `${long}.b`]);
  expect(names).toEqual(['n'.repeat(64), `${'n'.repeat(62)}_2`, `${'n'.repeat(62)}_3`]);
  for (const name of [...names, ...toolNames(['ünïcödé.method', '$.#'])]) expect(name).toMatch(ACCEPTED);
  expect(new Set(names).size).toBe(names.length);
});
