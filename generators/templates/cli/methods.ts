// @about
// Template of the CLI's generated/methods.ts (cli plugin, src/plugins/cli.ts): the types of the
// method table, then the document's name and the table itself (the plugin's `cliMethod`).
// @end about
// Every method of the document as the command line sees it: read by the hand-written commands.

/**
 * How a flag's text becomes a value: `string` as it is; `boolean` a switch (`--x`, `--no-x`);
 * `array` each repetition an item (or one JSON array), items read by `items`; `json` as JSON
 * when it parses (numbers exactly), else as the text.
 */
export type FlagKind = 'string' | 'boolean' | 'array' | 'json';

export interface CliParam {
  name: string;
  /** The kebab-case flag (`subnet-id`); `--<name>` works too. */
  flag: string;
  required: boolean;
  kind: FlagKind;
  items?: 'string' | 'json';
  /** A short type for help: the schema's name, its enum, or its JSON type. */
  type: string;
  description?: string;
}

export interface CliMethod {
  method: string;
  namespace: string;
  member: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  mutating: boolean;
  byPosition: boolean;
  /** The path variable the method is scoped by (a chain), its flag, and the server's description and default of it (for help). */
  scope?: { name: string; flag: string; description?: string; example?: string };
  params: CliParam[];
  examples: Array<{ name?: string; params: unknown; result?: unknown }>;
}

/** The document the table was generated from. */
export const document = /*@document[*/{ title: 'Ledger', version: '1.0.0' }/*]*/ as const;

/** One entry per method, in document order. */
export const methods: readonly CliMethod[] = /*@methods[*/[]/*]*/;
