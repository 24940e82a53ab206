// ajv's standalone validators call one another with an options object, `validate_schema_uint64(
// data.weight, { instancePath: instancePath + "/weight", parentData: data, parentDataProperty:
// "weight", rootData })`: one object per call, per value validated. On a node's large answers
// (a whole validator set: about 60,000 calls) that garbage, made while the freshly parsed answer
// is still young, brings on the scavenges that copy it. Passed by position, the same arguments
// allocate nothing but the path: validation alone took 5–10% less, and a validated call on
// Node 22 went from 1.46× to 1.29× plain fetch in bench/client-overhead.mjs.
//
// The rewrite is textual and strict: it knows the shapes ajv writes, and throws, quoting the
// line, when a call or a declaration has another shape, so that a new ajv cannot leave a
// validator called with an object it no longer reads.

/** A JSON string literal, as ajv writes keys and path segments. */
const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
const IDENT = String.raw`[A-Za-z_$][\w$]*`;
/** `instancePath`'s value: the parent's path and segments, each a string, an index or an escaped key. */
const PATH = String.raw`instancePath(?: \+ (?:${STRING}|${IDENT}(?:\.replace\(/~/g, "~0"\)\.replace\(/\\//g, "~1"\))?))*`;
const CALL_OPTIONS = new RegExp(String.raw`\{ instancePath(?:: (${PATH}))?, parentData(?:: (${IDENT}))?, parentDataProperty(?:: (${STRING}|${IDENT}|\d+))?, rootData \}`, 'g');
const DECLARATION = '{ instancePath = "", parentData, parentDataProperty, rootData = data } = {}';

/** The standalone module with its validators' options passed by position. */
export function withPositionalArguments(code: string): string {
  const declarations = code.split(DECLARATION).length - 1;
  // Every parameter has a default, so that a validator is still called with the value alone
  // (the package's runtime, and TypeScript reading the module, see a one-argument function).
  let out = code.replaceAll(DECLARATION, 'instancePath = "", parentData = undefined, parentDataProperty = undefined, rootData = data');
  out = out.replace(CALL_OPTIONS, (_match, path?: string, parent?: string, property?: string) => `${path ?? 'instancePath'}, ${parent ?? 'parentData'}, ${property ?? 'parentDataProperty'}, rootData`);
  const unknownDeclaration = out.split('\n').find((line) => line.includes('{ instancePath = '));
  if (unknownDeclaration !== undefined) throw new Error(`the validators' positional rewrite does not know this declaration: ${unknownDeclaration.trim().slice(0, 300)}`);
  // Every declaration ajv wrote is one it calls this way; anything left is a shape not known here.
  const left = out.split('\n').find((line) => /\{ instancePath\b[^}]*\brootData\b/.test(line) && !line.includes('schemaPath'));
  if (left !== undefined) throw new Error(`the validators' positional rewrite does not know this shape of ajv's output: ${left.trim().slice(0, 300)}`);
  if (declarations === 0 && /\binstancePath\b/.test(code)) throw new Error("the validators' positional rewrite found no validator declaration of the shape it knows");
  return out;
}
