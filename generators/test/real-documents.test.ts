// Real OpenRPC documents written by other teams (test/real-documents/, each folder's README
// names its source repository, path and commit): each generates, every package of all of them
// compiles in one plain `tsc --strict` program (Filecoin's once made tsc overflow its stack),
// and every example a document gets right passes the generated validators. The examples a
// document gets wrong are listed here and in its README; generating warns of exactly those
// (with --allow-bad-examples; without it, they stop generation).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../src/model.ts';
import { readDocument } from '../src/read-document.ts';
import { compileOutputs } from './compile-outputs.ts';
import { runCli } from './run-cli.ts';

const folder = join(import.meta.dirname, 'real-documents');
const root = mkdtempSync(join(tmpdir(), 'avanode-real-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The examples each document gets wrong (`method#example index`); its README says why. */
const WRONG_EXAMPLES: Record<string, string[]> = {
  'metamask-api': [
    'eth_decrypt#0', 'eth_feeHistory#0', 'eth_getBlockByHash#0', 'eth_getBlockByNumber#0', 'eth_getFilterChanges#0', 'eth_getFilterLogs#0', 'eth_getProof#0',
    'eth_getTransactionByBlockHashAndIndex#0', 'eth_getTransactionByBlockNumberAndIndex#0', 'eth_getTransactionByHash#0', 'eth_newBlockFilter#0', 'eth_newFilter#0',
    'eth_newPendingTransactionFilter#0', 'eth_sendRawTransaction#0', 'eth_uninstallFilter#0', 'wallet_addEthereumChain#0', 'wallet_getPermissions#0',
    'wallet_requestPermissions#0', 'wallet_revokePermissions#0', 'wallet_switchEthereumChain#0',
  ],
  tolar: ['account_importKeyFile#0', 'tol_getGasEstimate#0', 'tol_getTransaction#0', 'tol_getTransactionList#0', 'tol_getTransactionReceipt#0'],
  quantumcoin: [
    'eth_call#0', 'eth_createAccessList#0', 'eth_estimateGas#0', 'eth_feeHistory#0', 'eth_getBlockByHash#0', 'eth_getBlockByNumber#0', 'eth_getFilterChanges#0',
    'eth_getFilterLogs#0', 'eth_getProof#0', 'eth_getTransactionByBlockHashAndIndex#0', 'eth_getTransactionByBlockNumberAndIndex#0', 'eth_getTransactionByHash#0',
    'eth_getTransactionCount#0', 'eth_newBlockFilter#0', 'eth_newFilter#0', 'eth_newPendingTransactionFilter#0', 'eth_sendRawTransaction#0', 'eth_sendTransaction#0',
    'eth_signTransaction#0', 'eth_uninstallFilter#0',
  ],
};

const names = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
const documentOf = (name: string) => join(folder, name, readdirSync(join(folder, name)).find((file) => file.startsWith('openrpc.'))!);

describe('real documents by other teams', () => {
  it('are at least eight, from different projects', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
  });

  it('each generates; the examples it gets wrong are warned of, exactly those', async () => {
    for (const name of names) {
      const wrong = WRONG_EXAMPLES[name] ?? [];
      const run = await runCli(['--spec', documentOf(name), '--out', join(root, name), '--scope', `@${name}`, ...(wrong.length > 0 ? ['--allow-bad-examples'] : [])]);
      expect(run.code, `${name}: ${run.err}`).toBe(0);
      const warned = [...run.err.matchAll(/warning: method '([^']+)' \(#\/methods\/\d+\/examples\/(\d+)/g)].map(([, method, index]) => `${method}#${index}`);
      expect([...new Set(warned)].sort(), name).toEqual([...wrong].sort());
      for (const line of run.err.split('\n').filter(Boolean)) expect(line, name).toMatch(/^avanode-gen: warning: |^unknown format /);
    }
  }, 300_000);

  it("MetaMask's refers into other schemas' properties: each such pointer is read as a named schema of its own", async () => {
    const text = readFileSync(documentOf('metamask-api'), 'utf8');
    const original = JSON.parse(text) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const pointers = new Set([...text.matchAll(/"\$ref":\s*"#\/components\/schemas\/(\w+)\/properties\/(\w+)"/g)].map(([, schema, property]) => `${schema}/${property}`));
    expect(pointers.size).toBeGreaterThanOrEqual(50);
    const read = (await readDocument(documentOf('metamask-api'))) as typeof original;
    // No pointer into a property is left; each names a schema equal to the property's.
    expect(JSON.stringify(read)).not.toMatch(/"\$ref":"#\/components\/schemas\/\w+\/properties\//);
    for (const pointer of pointers) {
      const [schema, property] = pointer.split('/') as [string, string];
      // A property that is itself such a pointer now points at the other's named schema.
      const expected = JSON.stringify(original.components.schemas[schema]!.properties[property]).replace(/#\/components\/schemas\/(\w+)\/properties\/(\w+)/g, '#/components/schemas/$1_$2');
      expect(read.components.schemas[`${schema}_${property}`], pointer).toEqual(JSON.parse(expected));
    }
  });

  it('every package of all of them compiles under tsc --strict, in one program', () => {
    expect(compileOutputs(root, names)).toBe('');
  }, 600_000);

  it('every example a document gets right passes the generated validators', async () => {
    let checked = 0;
    for (const name of names) {
      const wrong = new Set(WRONG_EXAMPLES[name] ?? []);
      const model = parseDocument(await readDocument(documentOf(name)));
      const validators = (await import(join(root, name, 'validators', 'src', 'index.ts'))) as {
        validateParams(method: string, value: unknown): { ok: boolean };
        validateResult(method: string, value: unknown): { ok: boolean };
      };
      for (const method of model.methods) {
        for (const [i, example] of method.examples.entries()) {
          if (wrong.has(`${method.name}#${i}`)) continue;
          if (example.params.length > 0) {
            // As the generated mock and CLI send it: by position, the values in the example's order.
            expect(validators.validateParams(method.name, example.wireParams), `${name}: ${method.name} example ${i} params`).toEqual({ ok: true });
            checked++;
          }
          if (example.result && method.resultSchema !== undefined) {
            expect(validators.validateResult(method.name, example.result.value ?? null), `${name}: ${method.name} example ${i} result`).toEqual({ ok: true });
            checked++;
          }
        }
      }
    }
    // The documents have examples: the check ran on many.
    expect(checked).toBeGreaterThanOrEqual(86);
  }, 300_000);
});
