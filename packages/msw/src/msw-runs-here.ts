// msw 3 needs Node >= 22.12 (its `engines`), but the peer range lets it install on an older
// Node, where it imports fine and then fails inside every request ("Promise.withResolvers is not
// a function"). The modules that build handlers call this first, so importing @avanode/msw fails
// at once, with one line that says what is needed.
import * as msw from 'msw';

/** msw 2 exports `graphql` from its root; msw 3 moved it to `msw/graphql`. */
const isMsw2 = 'graphql' in msw;

/** Throws when the installed msw cannot run on this Node; in a browser (no `process`) it never does. */
export function assertMswRunsHere(): void {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (isMsw2 || node === undefined) return;
  const [major = 0, minor = 0] = node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return;
  throw new Error(`@avanode/msw: msw 3 needs Node >= 22.12, and this is Node ${node}: upgrade Node, or install msw 2 (npm install --save-dev msw@2)`);
}
