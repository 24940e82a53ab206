// The names generated code gives a document's methods and endpoints, settled once for every
// plugin: the namespace (`client.<namespace>`), the member in it, and the PascalCase stem of
// their types. Namespaces come only from the document's own grouping: the wire name's
// `.`-separated prefix (`platform.getHeight` is `platform`), or `x-client-namespace`. Other
// names stay flat, in one namespace (`methods` unless the document's root
// `x-client-namespace` names it): `get_pets` is `client.methods.getPets`, never `client.get.pets`.
//
// A name that is not a safe identifier, or that is taken, is changed the same way every time
// (a reserved name gets a trailing `_`; the later of two equal names, in document order, a
// number) and the change is reported once, as a warning: the generated code always compiles.
import { printable } from './util/code.ts';
import { camelCase, pascalCase } from './util/names.ts';

/** The namespace of methods whose name has no `.` prefix and that no `x-client-namespace` places. */
export const FLAT_NAMESPACE = 'methods';

// Words a generated identifier must not be: JavaScript's reserved and strict-mode words, and
// TypeScript's type keywords that cannot name a value or type.
const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity any boolean never number object string symbol unknown bigint'
  ).split(' '),
);
/** `__proto__`, `constructor`, `toString`…: members every object has, which a namespace or member must not shadow. */
const OBJECT_MEMBERS = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);
/** The client's own members beside its namespaces (templates/client/create-client.ts `BareClient`, core/types.ts). */
const CLIENT_MEMBERS = new Set(['config', 'call', 'batch', 'get', 'request', '~methods']);
/** The modules generated beside the namespaces' modules (client and query `generated/`): a namespace is also a file name. */
const MODULE_NAMES = new Set(['core', 'index', 'reads', 'definition', 'createClient', 'httpEndpoints', 'uint64Paths']);
/** A namespace's own members and what its modules declare beside the members' standalone functions. */
const NAMESPACE_MEMBERS = new Set(['batch', 'positional']);

/** The types the client's index exports beside the document's (templates/client/index.ts): an endpoint `request` must not make `RequestOptions`. */
export const CLIENT_TYPE_NAMES = new Set([
  'BareClient', 'BatchCall', 'BatchResults', 'Client', 'MethodTypes', 'MethodTypesOf', 'OptionalParamsMethod', 'Params', 'RequestArgs', 'RequestOptions',
  'BatchItem', 'ClientConfig', 'ClientDefinition', 'CoreClient', 'HookRequest', 'HookResponse', 'RetryOptions', 'ValidationIssue',
]);

/** The names beside a by-position method's arguments in the functions generated for it (method-code.ts, the client's and query's modules). */
const ARGUMENT_NAMES = new Set(['options', 'client', 'params', 'positional']);

interface Named {
  name: string;
  where: string;
  namespace: string;
  memberName: string;
  typeName: string;
  fileName: string;
}

/** Windows' device names, reserved as a file's name whatever its extension. */
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;

/**
 * A document's name as the stem of a generated file's name, by one mapping that gives the same
 * stem every time: `A-Z a-z 0-9 . _ -` kept, every run of anything else (`/`, `\`, spaces,
 * controls, line and paragraph separators, bidirectional controls, other scripts) one `_`, no `..`
 * and no dot at either end, never a Windows device name (`CON`, `nul.txt`…), at most 100
 * characters. `platform.getHeight` stays as it is.
 */
function fileStem(name: string): string {
  let stem = name.replace(/[^\w.-]+/g, '_').replace(/\.{2,}/g, '_').replace(/^[.]|[.]$/g, '_').slice(0, 100);
  if (stem === '') stem = '_';
  return WINDOWS_DEVICES.test(stem) ? `_${stem}` : stem;
}

/** Whether `name` can name a variable or parameter as it is. */
const isSafeIdentifier = (name: string): boolean => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED_WORDS.has(name) && !OBJECT_MEMBERS.has(name);

/**
 * Whether a path variable can be, as it is, the parameter generated functions take for it (and
 * the key of the request option that carries it): an identifier, not a reserved word, none of
 * the functions' other parameters.
 */
export const isPathVariableName = (name: string): boolean => isSafeIdentifier(name) && !ARGUMENT_NAMES.has(name);

/** The names generated functions use beside a method's arguments, as a sentence. */
export const ARGUMENT_NAMES_LISTED = [...ARGUMENT_NAMES].join(', ');

/** `name` made a safe identifier: camelCase, with a trailing `_` when it is reserved where it stands. */
function safeIdentifier(name: string, reserved: ReadonlySet<string>): string {
  let id = camelCase(name) || '_';
  while (RESERVED_WORDS.has(id) || OBJECT_MEMBERS.has(id) || reserved.has(id)) id = `${id}_`;
  return id;
}

/** The first of `base`, `base2`, `base3`… that `taken` (compared by `key`) does not hold; it is then taken. */
function unique(base: string, taken: Set<string>, key: (name: string) => string = (name) => name): string {
  let name = base;
  for (let n = 2; taken.has(key(name)); n++) name = `${base}${n}`;
  taken.add(key(name));
  return name;
}

/**
 * Settles the names of `methods` and `endpoints` in place (methods first, each in document
 * order) and returns one warning per name that had to change.
 */
export function settleNames(
  methods: Named[],
  endpoints: Named[],
  options: { flatNamespace?: string; schemaNames?: readonly string[] } = {},
): { warnings: string[]; schemaTypeNames: Record<string, string>; schemaFileNames: Record<string, string> } {
  const flatNamespace = options.flatNamespace ?? FLAT_NAMESPACE;
  const warnings: string[] = [];

  // Named schemas' types (and validators): PascalCase, unique, none the types package's own maps
  // nor what the validators package names `validate…` itself (templates/validators/index.ts).
  const typeNames = new Set(['Methods', 'HttpEndpoints', 'MethodName', 'Params', 'Result', 'By']);
  // No prototype: a schema may be named `__proto__`.
  const schemaTypeNames: Record<string, string> = Object.create(null);
  for (const name of options.schemaNames ?? []) {
    const base = pascalCase(name) || 'Schema';
    const settled = unique(/^[0-9]/.test(base) ? `T${base}` : base, typeNames);
    if (settled !== base) warnings.push(`schema '${printable(name)}' (#/components/schemas/${printable(name)}): its type is named ${settled} in generated code: ${base} is reserved or taken`);
    schemaTypeNames[name] = settled;
  }
  const all = [...methods, ...endpoints];
  const what = (item: Named) => `${methods.includes(item) ? 'method' : 'HTTP endpoint'} '${printable(item.name)}' (${item.where})`;

  // Namespaces: identifiers, none a client member, a module's name or, case aside, another's (they are file names).
  const spaces = new Map<string, string>();
  const takenSpaces = new Set<string>();
  for (const item of all) {
    const wanted = item.namespace || flatNamespace;
    if (spaces.has(wanted)) continue;
    // A namespace is also a module's file name: never a Windows device name (`con.ts`).
    let id = safeIdentifier(wanted, new Set([...CLIENT_MEMBERS, ...MODULE_NAMES]));
    while (WINDOWS_DEVICES.test(id)) id = `${id}_`;
    spaces.set(wanted, unique(id, takenSpaces, (name) => name.toLowerCase()));
  }
  const reportedSpaces = new Set<string>();
  for (const item of all) {
    const wanted = item.namespace || flatNamespace;
    const settled = spaces.get(wanted)!;
    if (settled !== wanted && !reportedSpaces.has(wanted)) {
      reportedSpaces.add(wanted);
      warnings.push(`namespace '${printable(wanted)}' (of ${what(item)}) is named '${settled}' in generated code: '${printable(wanted)}' is reserved or taken`);
    }
    item.namespace = settled;
  }

  // Members: identifiers, unique in their namespace, none the namespace's own.
  const members = new Map<string, Set<string>>();
  for (const item of all) {
    const taken = members.get(item.namespace) ?? members.set(item.namespace, new Set()).get(item.namespace)!;
    const settled = unique(safeIdentifier(item.memberName, NAMESPACE_MEMBERS), taken);
    if (settled !== item.memberName && settled !== camelCase(item.memberName)) {
      warnings.push(`${what(item)} is '${item.namespace}.${settled}' in generated code: '${printable(item.memberName)}' is reserved or taken in namespace '${item.namespace}'`);
    }
    item.memberName = settled;
  }

  // Arguments of by-position methods: identifiers, unique in their method, none another argument of its functions.
  // A namespace's functions all take its path variable (the first its methods have), those of
  // its methods without one too.
  const scoped = methods as Array<Named & { params?: Array<{ argName: string }>; scope?: string }>;
  const namespaceScope = new Map<string, string>();
  for (const method of scoped) if (method.scope && !namespaceScope.has(method.namespace)) namespaceScope.set(method.namespace, method.scope);
  for (const method of scoped) {
    const taken = new Set<string>();
    const scope = namespaceScope.get(method.namespace);
    for (const param of method.params ?? []) {
      param.argName = unique(safeIdentifier(param.argName, new Set([...ARGUMENT_NAMES, ...(scope ? [scope] : [])])), taken);
    }
  }

  // Type stems: unique among methods, and among endpoints (their types have other suffixes).
  for (const [group, suffixes] of [[methods, ['Params', 'Result']], [endpoints, ['Query', 'Options', 'Answer']]] as const) {
    const taken = new Set<string>();
    const key = (stem: string) => (suffixes.some((suffix) => typeNames.has(stem + suffix) || CLIENT_TYPE_NAMES.has(stem + suffix)) ? '' : stem);
    taken.add('');
    for (const item of group) {
      const base = pascalCase(item.name) || 'Method';
      const settled = unique(/^[0-9]/.test(base) ? `T${base}` : base, taken, key);
      if (settled !== base) warnings.push(`${what(item)}: its types are named ${settled}… in generated code: ${base}… is taken`);
      item.typeName = settled;
    }
  }

  // File names (the reference pages, `reference/<namespace>/<file>.md` and
  // `reference/schemas/<file>.md`): `fileStem`, unique in their folder, case aside (a file system
  // may ignore it).
  const folders = new Map<string, Set<string>>();
  const fileIn = (folder: string, name: string, what: string): string => {
    const taken = folders.get(folder) ?? folders.set(folder, new Set()).get(folder)!;
    const base = fileStem(name);
    const settled = unique(base, taken, (stem) => stem.toLowerCase());
    if (settled !== base) warnings.push(`${what}: its page is ${folder}/${settled}.md: ${base}.md is taken`);
    return settled;
  };
  const schemaFileNames: Record<string, string> = Object.create(null);
  for (const name of options.schemaNames ?? []) schemaFileNames[name] = fileIn('schemas', name, `schema '${printable(name)}' (#/components/schemas/${printable(name)})`);
  for (const item of all) item.fileName = fileIn(item.namespace, item.name, what(item));
  return { warnings, schemaTypeNames, schemaFileNames };
}
