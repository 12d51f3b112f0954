#!/usr/bin/env node
// Entry point of the package bin: the CLI from a bundle of its TypeScript sources (bin/bundle.js).
// Where the package folder cannot be written, the sources are loaded through tsx instead: the
// same command, with more memory and a slower start.
import { freshBundle } from './bundle.js';

let bundle;
try {
  bundle = await freshBundle('cli/main.ts', 'dist/cli.mjs');
} catch {
  bundle = undefined;
}
if (bundle) await import(bundle);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
