// Writes docs/wallet/: one page per builder @avanode/wallet exports (`build<TxType>`), from the
// builders' source: the doc comments of each function, of its params interface and of the
// interfaces that interface extends, and the node's builder it follows. `tsx
// docs/scripts/wallet-reference.ts` rewrites the pages; `--check` reports drift (the docs tests run it).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const source = ['builders.ts', 'consolidate.ts', 'context.ts'].map((file) => readFileSync(join(root, 'packages', 'wallet', 'src', 'builders', file), 'utf8')).join('');
const out = join(root, 'docs', 'wallet');

/** What each tx does, where its builder has no doc comment of its own. */
const PURPOSE: Record<string, string> = {
  BaseTx: 'Sends amounts to addresses.',
  CreateSubnetTx: 'Creates a subnet owned by `owner`.',
  CreateChainTx: 'Creates a blockchain in a subnet (signed by the subnet owner).',
  AddSubnetValidatorTx: 'Adds a validator of a permissioned subnet (signed by the subnet owner).',
  RemoveSubnetValidatorTx: 'Removes a validator of a permissioned subnet (signed by the subnet owner).',
  TransferSubnetOwnershipTx: 'Gives a subnet a new owner (signed by the current owner).',
  AddPermissionlessValidatorTx: 'Adds a validator, of the primary network by default, staking `weight`.',
  AddPermissionlessDelegatorTx: 'Delegates `weight` to a validator, of the primary network by default.',
  ConvertSubnetToL1Tx: 'Turns a subnet into an L1 with its first validators and its validator manager (signed by the subnet owner).',
  RegisterL1ValidatorTx: 'Registers an L1 validator from a signed RegisterL1ValidatorMessage.',
  SetL1ValidatorWeightTx: "Sets an L1 validator's weight from a signed L1ValidatorWeightMessage.",
  IncreaseL1ValidatorBalanceTx: "Adds nAVAX to an L1 validator's balance, which pays its continuous fee.",
  DisableL1ValidatorTx: 'Disables an L1 validator and returns its remaining balance (signed by its deactivation owner).',
  ImportTx: 'Imports UTXOs exported to the P-chain from another chain.',
  ExportTx: 'Exports outputs to another chain.',
};

/** The Go wallet's builder each follows, where it is not v1.14.2's New<Type>. */
const FOLLOWS: Record<string, string> = {
  AddAutoRenewedValidatorTx: 'the Go wallet (`wallet/chain/p/builder/builder.go#NewAddAutoRenewedValidatorTx`, avalanchego v1.15.0-fuji, ACP-236)',
  SetAutoRenewedValidatorConfigTx: 'the Go wallet (`wallet/chain/p/builder/builder.go#NewSetAutoRenewedValidatorConfigTx`, avalanchego v1.15.0-fuji, ACP-236)',
  ConsolidationTx: 'a BaseTx built by the Go wallet\'s spend (no Go builder merges UTXOs: this one spends every chosen UTXO into one output)',
};

interface Field {
  name: string;
  optional: boolean;
  type: string;
  doc: string;
}

const docOf = (comment: string | undefined) => (comment ?? '').trim().replace(/^\/\*\*|\*\/$/g, '').split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim()).filter(Boolean).join(' ');

/** An interface's own fields and the interfaces it extends. */
function readInterface(name: string): { fields: Field[]; extendsNames: string[] } {
  const match = new RegExp(`(?:export )?interface ${name}(?: extends ([^{]+))? \\{(?:\\n([\\s\\S]*?)\\n)?\\}`).exec(source);
  if (!match) throw new Error(`interface ${name} not found in the builders' source`);
  const fields = [...(match[2] ?? '').matchAll(/(\/\*\*[\s\S]*?\*\/)?\s*readonly (\w+)(\??): ([^;]+);/g)].map((m) => ({ name: m[2]!, optional: m[3] === '?', type: m[4]!.replace(/\s+/g, ' '), doc: docOf(m[1]) }));
  return { fields, extendsNames: (match[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean) };
}

function allFields(name: string): { own: Field[]; common: Field[] } {
  const { fields, extendsNames } = readInterface(name);
  const own = [...fields];
  let common: Field[] = [];
  for (const parent of extendsNames) {
    if (parent === 'CommonParams') common = readInterface('CommonParams').fields;
    else {
      const inherited = allFields(parent);
      own.push(...inherited.own);
      if (inherited.common.length) common = inherited.common;
    }
  }
  return { own, common };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const table = (fields: Field[]) => ['| param | type | |', '|---|---|---|', ...fields.map((f) => `| \`${f.name}\`${f.optional ? '' : ' (required)'} | \`${cell(f.type)}\` | ${cell(f.doc)} |`)].join('\n');

export function walletPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const builders = [...source.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)?export function build(\w+)\(params: (\w+)\): BuiltTx/g)].map((m) => ({ type: m[2]!, params: m[3]!, doc: docOf(m[1]) }));
  for (const { type, params, doc } of builders) {
    const { own, common } = allFields(params);
    const purpose = doc || PURPOSE[type];
    if (!purpose) throw new Error(`build${type} has no doc comment and no line in PURPOSE`);
    pages.set(`build${type}.md`, [
      `<!-- Generated by docs/scripts/wallet-reference.ts from packages/wallet/src/builders/. Do not edit. -->`,
      `# build${type}`,
      '',
      purpose,
      '',
      `\`build${type}(params)\` returns a \`BuiltTx\` (the unsigned tx, its bytes, the fee it burns, the UTXOs it spends); \`signTx(built, { keys })\` signs it.`,
      '',
      `It lays out ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type} as ${FOLLOWS[type] ?? `the Go wallet does (\`wallet/chain/p/builder/builder.go#New${type}\`, avalanchego v1.14.2)`}, spends the UTXOs given for what it burns${/Validator|Delegator/.test(type) && /Permissionless|AddAutoRenewed/.test(type) ? ' and stakes' : ''}, and returns the unsigned tx with its fee (\`BuiltTx\`). \`sendTx(client, { build: build${type}, params, keys })\` reads the common params from the node, signs, issues and waits.`,
      '',
      `## Its own params (\`${params}\`)`,
      '',
      table(own),
      '',
      '## Common params (`CommonParams`)',
      '',
      table(common),
      '',
    ].join('\n'));
  }
  pages.set('index.md', [
    '<!-- Generated by docs/scripts/wallet-reference.ts from packages/wallet/src/builders/. Do not edit. -->',
    '# Wallet builders',
    '',
    'One builder per transaction type the Go wallet builds. Each takes the node\'s own answers (UTXOs as `getUTXOs` gives them, `getFeeState`, `getFeeConfig`, the network) and returns the unsigned tx; the guide [Send, stake and run an L1](/guide/wallet) puts them to work.',
    '',
    '| builder | |',
    '|---|---|',
    ...builders.map(({ type, doc }) => `| [\`build${type}\`](./build${type}) | ${cell(doc || PURPOSE[type]!)} |`),
    '',
    'The C-chain side of an atomic transfer (`buildCChainExportTx`, `buildCChainImportTx`, which return a `BuiltAtomicTx` that `signAtomicTx` signs) is in the guide [Stake from the C-chain](/guide/cchain).',
    '',
  ].join('\n'));
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = walletPages();
  const check = process.argv.includes('--check');
  mkdirSync(out, { recursive: true });
  const stale = readdirSync(out).filter((f) => f.endsWith('.md') && !pages.has(f));
  const drift = [...pages].filter(([name, text]) => {
    try {
      return readFileSync(join(out, name), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (check) {
    if (drift.length || stale.length) {
      console.error(`docs/wallet is stale: ${[...drift.map(([n]) => n), ...stale].join(', ')} (run tsx docs/scripts/wallet-reference.ts)`);
      process.exit(1);
    }
  } else for (const [name, text] of drift) writeFileSync(join(out, name), text);
}
