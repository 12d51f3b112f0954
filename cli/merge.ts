// `campusnet-conformance merge DIR...`: one report from the report directories of sharded runs
// (`run --shard i/n`). Each shard leaves a vitest blob report; vitest's merge-reports replays them
// through the same reporters (JUnit, Allure, and the results for summary.json), so the merged
// report says what an unsharded run with the same seed says.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startVitest, type Reporter } from 'vitest/node';
import { usageError } from '../config/errors.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { runVerdict, totalsOf, type ResultEntry, type Summary } from '../reports/model.ts';
import { collectResults } from '../reports/summaryReporter.ts';
import { PACKAGE_ROOT } from './certify.ts';

/** Where a sharded run leaves its blob report, inside its report directory. */
export const BLOB_DIR = 'blob';

async function readShard(dir: string): Promise<Summary> {
  try {
    return summarySchema.parse(JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')));
  } catch {
    throw usageError(`${dir} holds no campusnet-conformance summary.json`);
  }
}

export async function mergeShards(dirs: readonly string[], reportDir: string): Promise<Summary> {
  const shards = await Promise.all(dirs.map(readShard));
  const base = shards[0];
  const odd = shards.find((s) => s.seed !== base.seed || s.runs !== base.runs || s.target !== base.target);
  if (odd) throw usageError('the shards differ in seed, runs or target: they are not parts of one run');
  const blobs = await mkdtemp(join(tmpdir(), 'campusnet-blobs-'));
  const out = resolve(reportDir);
  try {
    for (const dir of dirs) {
      const files = await readdir(join(dir, BLOB_DIR)).catch(() => {
        throw usageError(`${dir} has no ${BLOB_DIR}/ report: was it run with --shard?`);
      });
      for (const f of files) await copyFile(join(dir, BLOB_DIR, f), join(blobs, f));
    }
    await mkdir(out, { recursive: true });
    await rm(join(out, 'allure-results'), { recursive: true, force: true });
    let results: ResultEntry[] = [];
    const collector: Reporter = { onTestRunEnd: (modules) => void (results = collectResults(modules)) };
    const vitest = await startVitest(
      'test',
      [],
      {
        root: PACKAGE_ROOT,
        config: false,
        watch: false,
        mergeReports: blobs,
        reporters: [collector, ['junit', { outputFile: join(out, 'junit.xml'), suiteName: 'campusnet-conformance' }], ['allure-vitest/reporter', { resultsDir: join(out, 'allure-results') }]],
      },
      { logLevel: 'silent' },
    );
    await vitest?.close();
    const totals = totalsOf(results);
    const summary: Summary = {
      ...base,
      verdict: runVerdict(totals),
      startedAt: shards.map((s) => s.startedAt).sort()[0],
      finishedAt: shards.map((s) => s.finishedAt).sort().at(-1)!,
      operations: [...new Set(shards.flatMap((s) => s.operations))],
      totals,
      exchanges: shards.reduce((n, s) => n + s.exchanges, 0),
      results,
    };
    await writeFile(join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    return summary;
  } finally {
    await rm(blobs, { recursive: true, force: true });
  }
}
