// How generated code spells a method (the client's namespaces and standalone functions, the query
// options): its doc comment, and its arguments, the params as one object (by name) or one
// argument each (by position), then the options. One definition, so that every package spells a
// method the same way.
import type { MethodModel } from '../model.ts';
import { docComment, stringLiteral } from '../util/code.ts';

export interface MethodArgs {
  /** The parameter list, one `name: type` each, options last. */
  args: string[];
  /** By position: the names of the params' arguments, in order (the call sends them as a list). */
  positional?: string[];
  /** By name: whether the params object may be left out (no param is required). */
  optional: boolean;
}

/** Whether a method's params may be left out: none is required. */
export const paramsOptional = (m: MethodModel): boolean => m.params.every((p) => !p.required);

export function methodArgs(m: MethodModel, optionsType: string): MethodArgs {
  const params = `Params<${stringLiteral(m.name)}>`;
  const optional = paramsOptional(m);
  if (m.paramStructure === 'by-position') {
    const names = m.params.map((p) => p.argName);
    return { args: [...m.params.map((p, i) => `${names[i]}${p.required ? '' : '?'}: ${params}[${i}]`), `options?: ${optionsType}`], positional: names, optional };
  }
  return { args: [`params${optional ? '?' : ''}: ${params}`, `options?: ${optionsType}`], optional };
}

/** A method's doc comment: summary, description, `extra` (how it pages, say), its wire name, whether it is deprecated. */
export const methodDoc = (m: MethodModel, indent: string, extra?: string): string =>
  docComment([m.summary, m.description, extra, `Wire method: \`${m.name}\`.`, m.deprecated && '@deprecated'], indent);
