// A synthetic OpenRPC document of `methods` methods, shaped like a large real API: methods
// grouped by a `.` prefix into 100 namespaces, each with a by-position param or two and a result
// referring to a few dozen shared named schemas (objects, lists, a recursive one, patterns,
// enums), and an example every tenth method. The same document for a given count, every run.
export function largeDocument(methods) {
  const schemas = {
    Hash: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
    Quantity: { type: 'string', pattern: '^0x(0|[1-9a-f][0-9a-f]*)$' },
    Status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] },
    Node: { type: 'object', properties: { id: { $ref: '#/components/schemas/Hash' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }, required: ['id'] },
  };
  for (let s = 0; s < 40; s++) {
    schemas[`Record${s}`] = {
      type: 'object',
      properties: {
        id: { $ref: '#/components/schemas/Hash' },
        amount: { $ref: '#/components/schemas/Quantity' },
        status: { $ref: '#/components/schemas/Status' },
        tags: { type: 'array', items: { type: 'string', maxLength: 32 } },
        [`field${s}`]: { type: 'integer', minimum: 0 },
        ...(s > 0 ? { previous: { $ref: `#/components/schemas/Record${s - 1}` } } : {}),
      },
      required: ['id', 'status'],
      additionalProperties: false,
    };
  }
  const list = [];
  for (let m = 0; m < methods; m++) {
    const record = `#/components/schemas/Record${m % 40}`;
    const method = {
      name: `ns${m % 100}.method${m}`,
      summary: `Method ${m} of the synthetic document.`,
      paramStructure: 'by-position',
      params: [
        { name: 'id', required: true, schema: { $ref: '#/components/schemas/Hash' } },
        ...(m % 3 === 0 ? [{ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } }] : []),
      ],
      result: { name: 'record', schema: m % 7 === 0 ? { type: 'array', items: { $ref: record } } : m % 11 === 0 ? { $ref: '#/components/schemas/Node' } : { $ref: record } },
    };
    if (m % 10 === 0) {
      const hash = `0x${'ab'.repeat(32)}`;
      const value = { id: hash, status: 'accepted' };
      method.examples = [{ name: 'one', params: [{ name: 'id', value: hash }], result: { name: 'record', value: m % 7 === 0 ? [value] : m % 11 === 0 ? { id: hash } : value } }];
    }
    list.push(method);
  }
  return { openrpc: '1.2.6', info: { title: `Synthetic ${methods}`, version: '1.0.0' }, methods: list, components: { schemas } };
}
