// The client's generated/errors.ts (under `--out`): for each method that declares errors (its
// `errors` and `x-errors`), an interface of them by name (each one's code, as a literal type, and
// its data's type), their codes, and a guard `is<Method>Error(e, name?)` that narrows an
// `RpcError` to one of them. A declared error's `data` is a value in OpenRPC, not a schema: its
// type is that value's shape, widened (`{ id: 'x' }` → `{ id: string }`); no value, `unknown`.
import type { DocumentModel, ErrorModel, MethodModel } from '../model.ts';
import { docComment, propertyKey } from '../util/code.ts';
import { template } from '../util/template.ts';

/** A key as an object literal or interface writes it: bare when an identifier, else a string literal that escapes every line end and control. */
const key = propertyKey;

/** The TypeScript type of a JSON value's shape, widened: literals become their types; depth-limited. */
function jsonShapeType(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (depth >= 8 || typeof value !== 'object') return 'unknown';
  if (Array.isArray(value)) {
    const types = [...new Set(value.map((item) => jsonShapeType(item, depth + 1)))];
    return types.length === 0 ? 'unknown[]' : `Array<${types.join(' | ')}>`;
  }
  const members = Object.entries(value as Record<string, unknown>).map(([name, member]) => `${key(name)}: ${jsonShapeType(member, depth + 1)}`);
  return members.length === 0 ? 'Record<string, unknown>' : `{ ${members.join('; ')} }`;
}

const errorType = (error: ErrorModel) => `{ code: ${error.code}; data: ${'data' in error ? jsonShapeType(error.data) : 'unknown'} }`;

/** The stem of a method's generated names with a lower-case first letter (`PetsGet` → `petsGet`). */
const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);

function guards(m: MethodModel): string {
  const section = template('client/errors.ts').section('guards');
  const method = `\`${m.name.replace(/`/g, "'")}\``;
  return section.fill({
    typeDoc: docComment([`The errors ${method} declares, by name: each one's code and data.`]),
    type: `${m.typeName}Errors`,
    members: `{\n${m.errors.map((e) => `  ${key(e.name)}: ${errorType(e)};\n`).join('')}}`,
    table: `${lowerFirst(m.typeName)}Errors`,
    codes: `{ ${m.errors.map((e) => `${key(e.name)}: ${e.code}`).join(', ')} }`,
    guardDoc: docComment([`Whether \`error\` is an error ${method} declares (with \`name\`, that one): narrows its \`code\` and \`data\`.`]),
    guard: `is${m.typeName}Error`,
  });
}

/** The module's text (without the header), or undefined when no method declares an error. */
export function clientErrorsModule(model: DocumentModel): string | undefined {
  const declaring = model.methods.filter((m) => m.errors.length > 0);
  if (declaring.length === 0) return undefined;
  return template('client/errors.ts').fill({ guards: declaring.map(guards).join('\n') });
}
