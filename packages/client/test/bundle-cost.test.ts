// What the new features cost an app that does not use them: nothing. The client's sources are
// bundled as an app's bundler would (esbuild, tree-shaking, each `import()` left as a separate
// chunk), and the bytes each source file puts in the bundle are read from the metafile.
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/** Source files (relative to src/) that put bytes in the up-front bundle of `contents`. */
async function upFront(contents: string): Promise<{ files: string[]; text: string }> {
  const result = await build({
    stdin: { contents, resolveDir: src, loader: 'ts' },
    bundle: true, format: 'esm', minify: true, write: false, metafile: true, platform: 'neutral',
    external: ['@avanode/validators', '@avanode/types', '@avanode/types/bigint'],
    plugins: [{ name: 'up-front-only', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) }],
  });
  const [output] = Object.values((result.metafile as Metafile).outputs);
  const files = Object.entries(output!.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path.replace(/^.*?src\//, ''));
  return { files, text: result.outputFiles[0]!.text };
}

describe('bundle cost', () => {
  it('createClient + one method carries neither fail-over, hooks nor waitForTx', async () => {
    const { files, text } = await upFront("export { createClient } from './index.ts'; export { getHeight } from './generated/platform.ts';");
    expect(files).toContain('generated/core/client.ts');
    for (const absent of ['wait-for-tx.ts', 'generated/core/failover.ts', 'generated/core/complete.ts', 'generated/core/retry.ts']) expect(files).not.toContain(absent);
    for (const word of ['TxFailedError', 'HookError', 'cooldownMs', 'performance.now']) expect(text).not.toContain(word);
  });

  it('the wait-for-tx entry carries waitForTx without the client', async () => {
    const { files, text } = await upFront("export { waitForTx } from './wait-for-tx.ts';");
    expect(files).toContain('wait-for-tx.ts');
    for (const absent of ['generated/core/client.ts', 'generated/create-client.ts', 'generated/core/complete.ts', 'generated/core/failover.ts']) expect(files).not.toContain(absent);
    expect(text).toContain('platform.getTxStatus');
  });
});
