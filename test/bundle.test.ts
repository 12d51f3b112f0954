// bin/bundle.js: the command runs from a bundle of its sources, rebuilt whenever a source is
// newer than it, and safe to build from several runs at once (shards).
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript without declarations (it must load without a TypeScript loader)
import { freshBundle, PACKAGE_ROOT } from '../bin/bundle.js';

const out = `dist/test-bundle-${process.pid}.mjs`;
const path = join(PACKAGE_ROOT as string, out);
const build = (): Promise<string> => freshBundle('cli/main.ts', out);
const clean = () => Promise.all([rm(path, { force: true }), rm(`${path}.inputs.json`, { force: true })]);

describe('freshBundle', () => {
  it('builds once, then reuses the bundle while no source is newer', async () => {
    await clean();
    try {
      expect(await build()).toBe(`file://${path}`);
      const first = await stat(path);
      expect(first.size).toBeGreaterThan(100_000);
      await build();
      expect((await stat(path)).mtimeMs).toBe(first.mtimeMs);
    } finally {
      await clean();
    }
  });

  it('builds again once a source is newer than the bundle', async () => {
    await clean();
    try {
      await build();
      // Dating the bundle back is the same as editing a source after it was built.
      const past = new Date('2001-01-01T00:00:00Z');
      await utimes(path, past, past);
      await build();
      expect((await stat(path)).mtimeMs).toBeGreaterThan(past.getTime());
    } finally {
      await clean();
    }
  });

  it('is built whole when several runs build at once, and leaves no partial files', async () => {
    await clean();
    try {
      const urls = await Promise.all([build(), build(), build(), build()]);
      expect(new Set(urls).size).toBe(1);
      const text = await import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8'));
      expect(text.startsWith('// Built from cli/main.ts')).toBe(true);
      expect((await readdir(join(PACKAGE_ROOT as string, 'dist'))).filter((f) => f.includes(`test-bundle-${process.pid}`) && f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await clean();
    }
  });
});
