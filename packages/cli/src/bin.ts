// The process entry: runs `main` on the arguments and exits with its code once output is flushed.
import { main } from './main.js';

const code = await main(process.argv.slice(2));
process.exitCode = code;
