// `avanode record` and `avanode conformance`: the conformance suite's tools, which live in the
// avanode repository (they read its spec and recordings) and are not published. In a clone they
// are found through the workspace and run from their TypeScript sources.
import { usageError } from './errors.js';

type Main = { main(argv: string[]): Promise<number> };

export async function maintainer(command: 'record' | 'conformance', argv: string[]): Promise<number> {
  let url: string;
  try {
    // The sources are TypeScript: tsx (a dev dependency of the repository) loads them.
    const { register } = await import('tsx/esm/api');
    register();
    url = import.meta.resolve(command === 'record' ? '@avanode/conformance/record' : '@avanode/conformance/cli');
  } catch {
    throw usageError(`${command}: runs in a clone of the avanode repository (the conformance suite is not published); there: pnpm exec avanode ${command} …`);
  }
  const module = (await import(url)) as Main;
  return module.main(argv);
}
