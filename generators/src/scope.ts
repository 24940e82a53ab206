// The npm scope of the packages `--out` writes: `--scope`, else one made from the document's
// title (`Petstore Expanded` → `@petstore-expanded`). Never `@avanode`: generated packages sit in
// an app beside this project's own, and two `@avanode/client` packages would clash.

/** The scope this project's packages use: no generated package takes it. */
const OURS = '@avanode';

/** What is wrong with `scope` as the npm scope of generated packages, or undefined when nothing is. */
export function checkScope(scope: string): string | undefined {
  // npm: a scope is `@` and a lower-case name that URLs take as it is (no leading dot or underscore), 214 characters in all with the package's name.
  if (!/^@[a-z0-9][a-z0-9._~-]*$/.test(scope)) return 'an npm scope is @ then lower-case letters, digits, and . _ ~ - (not first)';
  if (scope.length > 200) return 'an npm scope is at most 200 characters here (a package name is at most 214)';
  if (scope === OURS) return `${OURS} is this project's own scope; choose another (the default comes from the document's title)`;
  return undefined;
}

/**
 * A valid scope from a document's title: lower case, every run of other characters a `-`,
 * at most 50 characters; `@openrpc-api` when nothing is left, and `@avanode-api` for a title
 * that would give ours.
 */
export function scopeFromTitle(title: unknown): string {
  const slug = (typeof title === 'string' ? title : '')
    // Accents off (`é` → `e`), so a Latin title keeps its words.
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-+|-+$/g, '');
  if (slug === '') return '@openrpc-api';
  return `@${slug}` === OURS ? `${OURS}-api` : `@${slug}`;
}
