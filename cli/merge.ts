// `campusnet-conformance merge DIR...`: one report from the report directories of sharded runs
// (`run --shard i/n`). Each shard leaves a vitest blob report; vitest's merge-reports replays it
// through the same reporters (JUnit, Allure); summary.json and report.html join the shards'
// summaries, so the merged report says what an unsharded run with the same seed says.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { usageError } from '../config/errors.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { runVerdict, totalsOf, type Summary } from '../reports/model.ts';
import { renderHtmlReport } from '../reports/html.ts';
import { AllureReporter } from '../reports/allureReporter.ts';
import { PACKAGE_ROOT, vitestOutput } from './certify.ts';

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
  // Embedded references listen on ports of their own: for them the target cannot be compared.
  const odd = shards.find((s) => s.seed !== base.seed || s.runs !== base.runs || s.embedded !== base.embedded || (!s.embedded && s.target !== base.target));
  if (odd) throw usageError('the shards differ in seed, runs or target: they are not parts of one run');
  const out = resolve(reportDir);
  await mkdir(out, { recursive: true });
  await rm(join(out, 'allure-results'), { recursive: true, force: true });
  // Every shard ran the same spec file, and merge-reports keys modules by file: replayed together,
  // one shard's module would replace the other's. So each blob is replayed on its own, through the
  // same reporters, and their outputs are combined.
  const junits: string[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'campusnet-merge-'));
  try {
    for (const [k, dir] of dirs.entries()) {
      const files = await readdir(join(dir, BLOB_DIR)).catch(() => {
        throw usageError(`${dir} has no ${BLOB_DIR}/ report: was it run with --shard?`);
      });
      const blobs = join(scratch, `blobs-${k}`);
      await mkdir(blobs);
      for (const f of files) await copyFile(join(dir, BLOB_DIR, f), join(blobs, f));
      const junit = join(scratch, `junit-${k}.xml`);
      const vitest = await startVitest(
        'test',
        [],
        {
          root: PACKAGE_ROOT,
          config: false,
          watch: false,
          mergeReports: blobs,
          reporters: [['junit', { outputFile: junit, suiteName: 'campusnet-conformance' }], new AllureReporter({ resultsDir: join(out, 'allure-results') })],
        },
        { logLevel: 'silent' },
        vitestOutput(),
      );
      await vitest?.close();
      junits.push(await readFile(junit, 'utf8'));
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await writeFile(join(out, 'junit.xml'), combineJUnit(junits));
  // The results are each shard's summary's: those hold, beyond what the blobs carry, an error for
  // every check a shard could not report (reports/summaryReporter.ts, completeResults).
  const results = shards.flatMap((s) => s.results);
  const suiteErrors = shards.flatMap((s) => s.suiteErrors ?? []);
  const totals = totalsOf(results);
  const summary: Summary = {
    ...base,
    verdict: runVerdict(totals, suiteErrors),
    ...(suiteErrors.length ? { suiteErrors } : {}),
    startedAt: shards.map((s) => s.startedAt).sort()[0],
    finishedAt: shards.map((s) => s.finishedAt).sort().at(-1)!,
    operations: [...new Set(shards.flatMap((s) => s.operations))],
    totals,
    exchanges: shards.reduce((n, s) => n + s.exchanges, 0),
    results,
  };
  await writeFile(join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  await writeFile(join(out, 'report.html'), renderHtmlReport(summary));
  return summary;
}

/** One <testsuites> holding every shard's <testsuite> elements, with the counts added up. */
export function combineJUnit(files: readonly string[]): string {
  const sum = (attr: string) => files.reduce((n, f) => n + Number(new RegExp(`<testsuites[^>]*\\s${attr}="([\\d.]+)"`).exec(f)?.[1] ?? 0), 0);
  const suites = files.map((f) => /<testsuites[^>]*>([\s\S]*)<\/testsuites>/.exec(f)?.[1] ?? '').join('');
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="campusnet-conformance" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" time="${sum('time')}">${suites}</testsuites>\n`;
}
