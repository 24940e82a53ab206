// `pnpm bench [--quick]`: every benchmark in turn.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

for (const file of ['generate.mjs', 'sizes.mjs', 'client-overhead.mjs']) {
  execFileSync(process.execPath, [join(import.meta.dirname, file), ...process.argv.slice(2)], { stdio: 'inherit' });
}
