// The document is valid OpenRPC, covers the whole seed, and says what generators rely on.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import metaSchemaModule from '@open-rpc/meta-schema';
import jsonSchemaMetaModule from '@json-schema-tools/meta-schema';
import { describe, expect, it } from 'vitest';
import { checkHealthGet, checkParams, checkResult, document, exampleParams, methodNamed, model, specDir } from './spec-fixture.ts';

// Both packages are CommonJS with a `default` member; unwrap until the schema itself.
const unwrap = (value: unknown): Record<string, unknown> => {
  let current = value as Record<string, unknown>;
  while (current && !('definitions' in current) && 'default' in current) current = current.default as Record<string, unknown>;
  return current;
};
const openrpcMetaSchema = unwrap(metaSchemaModule);
const jsonSchemaMeta = unwrap(jsonSchemaMetaModule);

// The OpenRPC meta-schema points at the property named `$ref` inside the JSON Schema
// meta-schema; ajv reads a `$ref` key on the way as a reference, so that one target is inlined.
const REF_PROPERTY = 'https://meta.json-schema.tools/#/definitions/JSONSchemaObject/properties/$ref';
const refPropertySchema = ((jsonSchemaMeta.definitions as Record<string, { properties: Record<string, unknown> }>).JSONSchemaObject!.properties.$ref);
function inlineRefProperty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inlineRefProperty);
  if (value === null || typeof value !== 'object') return value;
  if ((value as { $ref?: unknown }).$ref === REF_PROPERTY) return refPropertySchema;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlineRefProperty(v)]));
}

function openrpcValidator(allErrors: boolean) {
  // The meta-schemas' uri formats are not what this test checks: named, so ajv does not warn on each.
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors, formats: { uri: true, 'uri-reference': true } });
  // The meta-schema refers to the JSON Schema meta-schema by URL, with and without a trailing slash.
  const { $id: _id, ...meta } = jsonSchemaMeta;
  ajv.addSchema({ ...meta, $id: 'https://meta.json-schema.tools' });
  ajv.addSchema({ ...meta, $id: 'https://meta.json-schema.tools/' });
  return ajv.compile(inlineRefProperty({ ...openrpcMetaSchema, $schema: undefined }) as Record<string, unknown>);
}

/** The methods the interface description (../shared/seed/node-api.md) lists in its tables. */
const seedMethods = [
  ...new Set(
    [...readFileSync(join(specDir, '..', '..', 'shared', 'seed', 'node-api.md'), 'utf8').matchAll(/^\| ((?:info|platform|health|validators)\.[A-Za-z0-9]+|eth_[A-Za-z0-9]+)\b/gm)].map((m) => m[1]!),
  ),
].sort();
const auditDir = join(specDir, '..', 'conformance', 'audit');
const auditFiles = readdirSync(auditDir).filter((file) => file.endsWith('.ts'));
type AuditFinding = { method: string; refusals?: Array<{ params: unknown }> };
/** Methods a node has that the seed does not describe: found in the source (x-source says where). */
const NODE_ADDITIONS = [
  'avax.getAtomicTx', 'avax.getAtomicTxStatus', 'avax.getUTXOs', 'avax.issueTx', 'avm.getAssetDescription', 'avm.getTxFee',
  'eth_baseFee', 'eth_chainId', 'eth_getBalance', 'eth_getTransactionCount', 'platform.getAllValidatorsAt',
];

describe('the OpenRPC document', () => {
  it('validates against the OpenRPC 1.3 meta-schema', () => {
    const validate = openrpcValidator(true);
    const ok = validate(document);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
    expect(document.openrpc).toMatch(/^1\.3\./);
  });

  it('the meta-schema check rejects a broken document', () => {
    const validate = openrpcValidator(false);
    expect(validate({ ...document, methods: [{ name: 'x', params: 'nope' }] })).toBe(false);
  });

  it('has every method of the seed, and the ones the node has beyond it, each with its source', () => {
    const names = model.methods.map((m) => m.name);
    expect(seedMethods).toHaveLength(51);
    expect(seedMethods.filter((name) => !names.includes(name))).toEqual([]);
    // Methods the node's source has and the seed leaves out (spec/AUDIT.md, step 2).
    expect(names.filter((name) => !seedMethods.includes(name))).toEqual(NODE_ADDITIONS);
    for (const name of NODE_ADDITIONS) expect(methodNamed(name).extensions['x-source'], name).toBeDefined();
    expect([...names].sort()).toEqual(names);
  });

  it('names the node source of every method, at the audited release', () => {
    expect(document['x-audited-release']).toMatchObject({ repo: 'ava-labs/avalanchego', tag: expect.stringMatching(/^v\d+\.\d+\.\d+$/) });
    const missing = model.methods.filter((m) => !Array.isArray(m.extensions['x-source']) || (m.extensions['x-source'] as unknown[]).length === 0).map((m) => m.name);
    expect(missing).toEqual([]);
  });

  it('gives every method its endpoint, group and param structure', () => {
    const expected: Record<string, [string, string, string]> = {
      info: ['/ext/info', 'info', 'by-name'],
      platform: ['/ext/bc/P', 'platform', 'by-name'],
      health: ['/ext/health', 'health', 'by-name'],
      eth: ['/ext/bc/{blockchainID}/rpc', 'evm', 'by-position'],
      validators: ['/ext/bc/{blockchainID}/validators', 'validators', 'by-name'],
      avax: ['/ext/bc/C/avax', 'avax', 'by-name'],
      avm: ['/ext/bc/X', 'avm', 'by-name'],
    };
    for (const method of model.methods) {
      const [path, tag, structure] = expected[method.name.split(/[._]/)[0]!]!;
      expect(method.path, method.name).toBe(path);
      expect(method.group, method.name).toBe(tag);
      expect(method.paramStructure, method.name).toBe(structure);
      if (path.includes('{blockchainID}')) expect(method.servers[0]!.variables.blockchainID, method.name).toBeDefined();
    }
    expect(model.methods.filter((m) => m.servers.some((s) => s.url.endsWith('/ext/P')))).toHaveLength(model.methods.filter((m) => m.name.startsWith('platform.')).length);
  });

  it('marks node-specific, deprecated and mutating methods', () => {
    const marked = (key: string) => model.methods.filter((m) => m.extensions[key] === true).map((m) => m.name);
    expect(marked('x-node-specific')).toEqual(['health.health', 'health.liveness', 'health.readiness', 'info.getNodeID', 'info.getNodeIP', 'info.getVMs']);
    expect(marked('x-mutating')).toEqual(['avax.issueTx', 'platform.issueTx']);
    const deprecated = model.methods.filter((m) => m.deprecated);
    expect(deprecated.map((m) => m.name)).toEqual([
      'avax.getAtomicTxStatus', 'eth_getActivePrecompilesAt', 'info.getTxFee', 'platform.getBalance', 'platform.getBlockchains',
      'platform.getRewardUTXOs', 'platform.getStake', 'platform.getSubnets',
    ]);
    for (const method of deprecated.filter((m) => m.name !== 'eth_getActivePrecompilesAt')) {
      expect(method.description, method.name).toMatch(/Deprecated as of v1\.(12\.2|9\.12|15\.0)/);
    }
  });

  it('requires a param only where the node refuses its zero value, and the audit shows the refusal', async () => {
    // Go's zero values make an omitted member legal; a param is required only where the handler
    // then always refuses (an empty ID is never found, no addresses is refused): each such
    // refusal is an audit finding (conformance/audit), params without the member refused.
    const findings = (await Promise.all(auditFiles.map(async (file) => (await import(join(auditDir, file))).findings as AuditFinding[]))).flat();
    for (const method of model.methods) {
      for (const param of method.params.filter((p) => p.required)) {
        const refused = findings.some(
          (f) => f.method === method.name && (f.refusals ?? []).some((r) => r.params !== null && typeof r.params === 'object' && !Array.isArray(r.params) && !(param.name in (r.params as object))),
        );
        expect(refused, `${method.name}: '${param.name}' is required; an audit finding must show the node refusing its omission`).toBe(true);
      }
    }
    // And what the description calls required but the node does not (its Go zero value is fine):
    const optional = (name: string) => methodNamed(name).params.filter((p) => !p.required).map((p) => p.name);
    expect(optional('platform.getStake')).toEqual(expect.arrayContaining(['addresses', 'validatorsOnly']));
    expect(optional('platform.getTotalStake')).toEqual(['subnetID']);
    expect(optional('platform.getValidatorsAt')).toEqual(expect.arrayContaining(['height']));
  });

  it('has at least one example per method, and every example validates', () => {
    for (const method of model.methods) {
      expect(method.examples.length, method.name).toBeGreaterThan(0);
      for (const example of method.examples) {
        const params = checkParams(method.name, exampleParams(method, example.params));
        expect(params.errors, `${method.name} example params`).toBe('');
        const result = checkResult(method.name, example.result!.value);
        expect(result.errors, `${method.name} example result`).toBe('');
      }
    }
  });

  it('describes the health GET endpoints through x-http-endpoints', () => {
    const [endpoint] = model.httpEndpoints;
    expect(endpoint?.name).toBe('health.get');
    expect(Object.values(endpoint!.paths).sort()).toEqual(['/ext/health', '/ext/health/health', '/ext/health/liveness', '/ext/health/readiness']);
    expect(Object.keys(endpoint!.paths)[0]).toBe('health');
    expect(Object.keys(endpoint!.responses)).toEqual(['200', '503']);
    expect(endpoint!.query.map((q) => q.name)).toEqual(['tag']);
    const example = (document['x-http-endpoints'] as Array<{ examples: Array<{ status: number; body: unknown }> }>)[0]!.examples[0]!;
    expect(checkHealthGet(example.status, example.body).errors).toBe('');
  });

  it('marks 64-bit integers so clients can decode them losslessly', () => {
    const schemas = model.schemas as Record<string, Record<string, unknown>>;
    for (const name of ['uint64', 'uint64Param', 'uint64Number']) expect(schemas[name]!['x-uint64'], name).toBe(true);
    const text = JSON.stringify(document);
    const uses = (name: string) => text.split(`"$ref":"#/components/schemas/${name}"`).length - 1;
    expect(uses('uint64') + uses('uint64Number')).toBeGreaterThan(100);
  });
});
