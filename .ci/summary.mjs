// Prints the plain closing line CI reads: "N passed, N failed" (skipped and todo counted apart).
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.log('0 passed, 1 failed');
  console.error(`no vitest JSON report at ${file}: ${e.message}`);
  process.exit(1);
}
const failed = report.numFailedTests + (report.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);
