// `npm run bench`: scripts/bench.ts, run as the command runs (from a bundle, bin/bundle.js), so
// that the figures are the suite's and not those of a TypeScript loader.
import { freshBundle } from '../bin/bundle.js';

await import(await freshBundle('scripts/bench.ts', 'dist/bench.mjs'));
