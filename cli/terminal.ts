// The closing lines of a run on the terminal: the verdict, totals and where the reports are.
import type { Summary } from '../reports/model.ts';

export function printClosingSummary(s: Summary, reportDir: string): void {
  const t = s.totals;
  const failed = s.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error');
  const lines = [
    '',
    `campusnet-conformance ${s.tool.version} — target ${s.target}${s.embedded ? ' (embedded reference)' : ''}`,
    `seed ${s.seed}, ${s.runs} cases per operation and binding, ${s.exchanges} exchanges`,
  ];
  for (const r of failed.slice(0, 20)) lines.push(`  ${r.verdict.toUpperCase()} ${r.operation} over ${r.binding}: ${r.check} — ${r.message}`);
  if (failed.length > 20) lines.push(`  … and ${failed.length - 20} more (see summary.json)`);
  lines.push(
    `checks: ${t.passed} passed, ${t.failed} failed, ${t.warning} warning, ${t['not-applicable']} not applicable, ${t.skipped} skipped, ${t.error} error`,
    `verdict: ${s.verdict.toUpperCase()} — reports in ${reportDir}`,
  );
  console.log(lines.join('\n'));
}
