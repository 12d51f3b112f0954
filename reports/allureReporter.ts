// allure-vitest's reporter, writing its results without a disk flush per file. Its writer syncs
// every result file to disk and renames it into place (so that a live `allure watch` never reads
// half a file): with one result per check, operation and binding, that was 1.1 of the 1.5 s the
// reporter cost a full certification (`npm run bench`, profiled). Results are read after the run,
// so plain writes carry the same files; the rare ones (categories, environment) still go through
// allure's own writer.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AllureVitestReporter from 'allure-vitest/reporter';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import type { Vitest } from 'vitest/node';

type Writer = InstanceType<typeof FileSystemWriter>;
type TestResult = Parameters<Writer['writeResult']>[0];
type TestResultContainer = Parameters<Writer['writeGroup']>[0];

export class PlainFileSystemWriter extends FileSystemWriter {
  private made = false;

  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
  }

  private path(name: string): string {
    if (!this.made) mkdirSync(this.resultsDir, { recursive: true });
    this.made = true;
    return join(this.resultsDir, name);
  }

  override writeResult(result: TestResult): void {
    writeFileSync(this.path(`${result.uuid}-result.json`), JSON.stringify(result), 'utf8');
  }

  override writeGroup(result: TestResultContainer): void {
    writeFileSync(this.path(`${result.uuid}-container.json`), JSON.stringify(result), 'utf8');
  }

  override writeAttachment(distFileName: string, content: Buffer): void {
    writeFileSync(this.path(distFileName), content);
  }
}

export class AllureReporter extends AllureVitestReporter {
  constructor(private readonly options: { readonly resultsDir: string }) {
    super(options);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // The runtime is built in onInit with allure's default writer; ours takes its place before any
    // test result exists (categories and environment were written by the default one).
    const runtime = (this as unknown as { allureReporterRuntime: { writer: Writer } }).allureReporterRuntime;
    runtime.writer = new PlainFileSystemWriter(this.options.resultsDir);
  }
}
