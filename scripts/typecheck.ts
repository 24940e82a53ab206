// Runs the workspace's tsc on a project and returns what it printed: '' when it compiles.
// Shared by every type-level test (expectations files with @ts-expect-error).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const tsc = join(import.meta.dirname, '..', 'node_modules', 'typescript', 'bin', 'tsc');

export function typecheck(project: string): string {
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}
