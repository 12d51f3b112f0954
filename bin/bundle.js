// The command runs from one esbuild bundle of its TypeScript sources (dependencies stay outside,
// loaded from node_modules), built on first use and again whenever one of its sources is newer.
// Loading the sources through tsx's loader instead kept about 150 MiB more memory for the whole
// run (its hooks hold every loaded module's source, vitest's and vite's included) and started
// slower. Plain JavaScript, so that it needs no loader itself.
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Whether the bundle at `out` is at least as new as every source it was built from. */
function isFresh(out) {
  let built;
  try {
    built = statSync(out).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(`${out}.inputs.json`, 'utf8'));
    return inputs.every((file) => statSync(join(PACKAGE_ROOT, file)).mtimeMs <= built);
  } catch {
    // No bundle yet, no list of its sources, or a source gone: build again.
    return false;
  }
}

/**
 * A file URL of a current bundle of `entry` (a path from the package root), written to `out`
 * (likewise, one folder deep like the sources, so that paths relative to a module still hold).
 * Concurrent runs (shards) may build at once: each writes a file of its own and renames it into
 * place, so none ever reads half a bundle.
 */
export async function freshBundle(entry, out) {
  const target = join(PACKAGE_ROOT, out);
  if (isFresh(target)) return pathToFileURL(target).href;
  const { build } = await import('esbuild');
  // Dated when the sources were read, so that one changed during the build counts as newer.
  const started = new Date();
  const result = await build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: [join(PACKAGE_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    banner: { js: `// Built from ${entry} by bin/bundle.js; do not edit.` },
  });
  mkdirSync(dirname(target), { recursive: true });
  const inputs = Object.keys(result.metafile.inputs);
  const suffix = `${process.pid}.tmp`;
  writeFileSync(`${target}.inputs.json.${suffix}`, JSON.stringify({ inputs }));
  writeFileSync(`${target}.${suffix}`, result.outputFiles[0].contents);
  utimesSync(`${target}.${suffix}`, started, started);
  // The list first: a bundle never stands next to an older list of its inputs.
  renameSync(`${target}.inputs.json.${suffix}`, `${target}.inputs.json`);
  renameSync(`${target}.${suffix}`, target);
  return pathToFileURL(target).href;
}
