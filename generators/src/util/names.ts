// Names as generated code spells them. Every plugin takes its casing from here, so a method,
// a namespace or a schema is named the same way in every package.

/** `platform.getHeight` → `PlatformGetHeight`; `eth_feeConfig` → `EthFeeConfig`; `get-thing` → `GetThing`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** A valid identifier from any name: `get-thing` → `getThing`, `2fa` → `_2fa`; `''` for a name with no letter or digit. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  if (pascal === '') return '';
  return /^[0-9]/.test(pascal) ? `_${pascal}` : pascal[0]!.toLowerCase() + pascal.slice(1);
}

/** `subnetID` → `subnet-id`, `nodeIDs` → `node-ids`, `UTXOIndex` → `utxo-index`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z]{2,})/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}
