// The closing lines of a run on the terminal: a table of operations × bindings with each cell's
// worst verdict, the totals, the failures, the verdict and where the reports are; in GitHub
// Actions, an ::error workflow command per failed result. Rendering is a pure function of the
// summary and the output's nature (TTY, environment), so it is tested without a terminal.
import type { ResultEntry, Summary } from '../reports/model.ts';
import { BINDING_IDS, BINDINGS, type BindingId } from '../contracts/bindings.ts';

type Verdict = ResultEntry['verdict'];

export interface OutputInfo {
  /** The stream is a terminal: colours are used unless NO_COLOR is set. */
  readonly isTTY?: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Worst first: a failure outweighs an undecided check, and a skip outweighs a pass (not all was checked). */
const SEVERITY: readonly Verdict[] = ['failed', 'error', 'warning', 'skipped', 'passed', 'not-applicable'];

const UNICODE: Record<Verdict, string> = { passed: '✓', failed: '✗', warning: '!', skipped: '–', 'not-applicable': '·', error: 'E' };
const ASCII: Record<Verdict, string> = { passed: '+', failed: 'x', warning: '!', skipped: '-', 'not-applicable': '.', error: 'E' };

const SGR = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', red: '\u001b[31m', green: '\u001b[32m', yellow: '\u001b[33m' } as const;
const COLOUR: Record<Verdict, string> = { passed: SGR.green, failed: SGR.red, warning: SGR.yellow, skipped: SGR.dim, 'not-applicable': SGR.dim, error: SGR.red };

export function useColour(out: OutputInfo): boolean {
  // https://no-color.org: present and not empty disables colour.
  return out.isTTY === true && !out.env.NO_COLOR && out.env.TERM !== 'dumb';
}

/** The worst verdict among results; undefined when there are none. */
export function worstVerdict(verdicts: Iterable<Verdict>): Verdict | undefined {
  let worst: Verdict | undefined;
  for (const v of verdicts) if (worst === undefined || SEVERITY.indexOf(v) < SEVERITY.indexOf(worst)) worst = v;
  return worst;
}

function oneLine(s: string, max = 300): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

/** GitHub workflow command escaping: the message (data), and property values, which also escape `:` and `,`. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error` lines for the failed results (at most `limit`). */
export function githubAnnotations(s: Summary, limit = 50): string[] {
  const failed = s.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error');
  const lines = failed.slice(0, limit).map((r) => `::error title=${escapeProperty(`${r.check} ${r.operation} ${r.binding}`)}::${escapeData(r.message)}`);
  if (failed.length > limit) lines.push(`::warning title=campusnet-conformance::${escapeData(`${failed.length - limit} more failed results are not annotated (see summary.json)`)}`);
  return lines;
}

export function renderClosingSummary(s: Summary, reportDir: string, out: OutputInfo): string {
  const colour = useColour(out);
  const paint = (code: string, text: string) => (colour ? `${code}${text}${SGR.reset}` : text);
  const symbols = out.env.TERM === 'dumb' ? ASCII : UNICODE;
  const t = s.totals;

  const bindings = BINDING_IDS.filter((b) => s.bindings.includes(b));
  const cells = new Map<string, Verdict[]>();
  for (const r of s.results) {
    const k = `${r.operation}\u0000${r.binding}`;
    const list = cells.get(k);
    if (list) list.push(r.verdict);
    else cells.set(k, [r.verdict]);
  }
  const operations = [...s.operations];
  for (const r of s.results) if (!operations.includes(r.operation)) operations.push(r.operation);
  const nameWidth = Math.max('operation'.length, ...operations.map((o) => o.length));
  const colWidth = (b: BindingId) => Math.max(BINDINGS[b].title.length, 3);
  const centre = (text: string, width: number, visible = text.length) => {
    const left = Math.floor((width - visible) / 2);
    return ' '.repeat(left) + text + ' '.repeat(width - visible - left);
  };

  const lines = [
    '',
    `campusnet-conformance ${s.tool.version} — target ${s.target}${s.embedded ? ' (embedded reference)' : ''}`,
    `seed ${s.seed}, ${s.runs} cases per operation and binding, ${s.exchanges} exchanges`,
    '',
    paint(SGR.bold, ['operation'.padEnd(nameWidth), ...bindings.map((b) => centre(BINDINGS[b].title, colWidth(b)))].join('  ')),
  ];
  for (const op of operations) {
    const row = bindings.map((b) => {
      const worst = worstVerdict(cells.get(`${op}\u0000${b}`) ?? []);
      return centre(worst ? paint(COLOUR[worst], symbols[worst]) : ' ', colWidth(b), 1);
    });
    lines.push([op.padEnd(nameWidth), ...row].join('  ').trimEnd());
  }
  lines.push(
    `${symbols.passed} passed  ${symbols.failed} failed  ${symbols.warning} warning  ${symbols.skipped} skipped  ${symbols['not-applicable']} not applicable  ${symbols.error} error  (worst verdict of the cell's checks)`,
    '',
    `checks: ${t.passed} passed, ${t.failed} failed, ${t.warning} warning, ${t['not-applicable']} not applicable, ${t.skipped} skipped, ${t.error} error`,
  );

  const failed = s.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error');
  if (failed.length > 0) {
    lines.push('');
    for (const r of failed.slice(0, 20)) {
      lines.push(`  ${paint(COLOUR[r.verdict], r.verdict.toUpperCase())} ${r.operation} over ${r.binding}: ${r.check} — ${oneLine(r.message)}`);
    }
    if (failed.length > 20) lines.push(`  … and ${failed.length - 20} more (see summary.json)`);
  }

  for (const e of s.suiteErrors ?? []) lines.push(`  ${paint(COLOUR.error, 'SUITE ERROR')} ${oneLine(e)}`);
  const verdictColour = s.verdict === 'passed' ? SGR.green : s.verdict === 'failed' ? SGR.red : SGR.yellow;
  lines.push('', `verdict: ${paint(SGR.bold + verdictColour, s.verdict.toUpperCase())} — reports in ${reportDir}`);

  if (out.env.GITHUB_ACTIONS === 'true') lines.push(...githubAnnotations(s));
  return lines.join('\n');
}

export function printClosingSummary(s: Summary, reportDir: string): void {
  process.stdout.write(renderClosingSummary(s, reportDir, { isTTY: process.stdout.isTTY, env: process.env }) + '\n');
}
