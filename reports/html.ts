// report.html: one self-contained page for auditors (inline CSS and one small inline script, no
// network), rendered from summary.json alone. Everything taken from the summary may be
// target-controlled (a hostile target can answer with markup), so every such text goes through
// `esc` and the page's Content-Security-Policy allows no loads and only the page's own script.
import { createHash } from 'node:crypto';
import { BINDING_IDS, BINDINGS, type BindingId } from '../contracts/bindings.ts';
import { OPERATIONS } from '../contracts/operations.ts';
import { REQUIREMENTS } from '../contracts/requirements.ts';
import type { ResultEntry, Summary } from './model.ts';
import type { Verdict } from '../validators/check.ts';

/** HTML-escapes text for element content and double- or single-quoted attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A fragment identifier made only of [A-Za-z0-9_.-], so it needs no escaping and cannot break out. */
const anchor = (...parts: string[]) => parts.map((p) => p.replace(/[^A-Za-z0-9_.-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)).join('--');

/** Worst first: the colour of a matrix cell or requirement row is that of its worst verdict. */
const SEVERITY: readonly Verdict[] = ['failed', 'error', 'warning', 'skipped', 'passed', 'not-applicable'];
const worst = (vs: Iterable<Verdict>): Verdict | undefined => {
  let best: number | undefined;
  for (const v of vs) {
    const i = SEVERITY.indexOf(v);
    if (best === undefined || i < best) best = i;
  }
  return best === undefined ? undefined : SEVERITY[best];
};
const SHORT: Record<Verdict, string> = { passed: 'passed', failed: 'failed', warning: 'warning', 'not-applicable': 'n/a', skipped: 'skipped', error: 'error' };
const isProblem = (v: Verdict) => v === 'failed' || v === 'error' || v === 'warning';

/** Bodies longer than this are cut in the page (summary.json keeps them whole). */
const MAX_BODY_CHARS = 20_000;

const badge = (v: Verdict | Summary['verdict'], text: string = SHORT[v]) => `<span class="badge v-${v}">${esc(text)}</span>`;

function counts(results: readonly Pick<ResultEntry, 'verdict'>[]): Map<Verdict, number> {
  const m = new Map<Verdict, number>();
  for (const r of results) m.set(r.verdict, (m.get(r.verdict) ?? 0) + 1);
  return m;
}
/** "2 failed · 5 passed · 3 n/a", worst first. */
function countsText(results: readonly Pick<ResultEntry, 'verdict'>[]): string {
  const m = counts(results);
  return SEVERITY.filter((v) => m.has(v))
    .map((v) => `<span class="c-${v}">${m.get(v)} ${SHORT[v]}</span>`)
    .join(' · ');
}

/** Requirement text from contracts: escaped, then `code` spans rendered. */
const specText = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function pre(text: string, cls = ''): string {
  const cut = text.length > MAX_BODY_CHARS;
  const shown = cut ? text.slice(0, MAX_BODY_CHARS) : text;
  return `<pre${cls ? ` class="${cls}"` : ''}>${esc(shown)}</pre>${cut ? `<p class="note">${text.length - MAX_BODY_CHARS} more characters not shown; summary.json holds the whole text.</p>` : ''}`;
}

function headersText(h: Readonly<Record<string, string>>): string {
  return Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

const bindingTitle = (b: string) => (BINDINGS as Record<string, { title: string } | undefined>)[b]?.title ?? b;

function duration(a: string, b: string): string {
  const ms = Date.parse(b) - Date.parse(a);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

// ---- sections -------------------------------------------------------------------------------

function header(s: Summary): string {
  const totals = SEVERITY.map((v) => `<div class="total v-${v}"><span class="n">${esc(s.totals[v] ?? 0)}</span><span class="l">${esc(v)}</span></div>`).join('');
  const ops = s.operations.length === OPERATIONS.length ? `all ${OPERATIONS.length}` : `${s.operations.length} of ${OPERATIONS.length}: ${s.operations.join(', ')}`;
  const verdictWord = { passed: 'PASSED', failed: 'FAILED', error: 'NO VERDICT (suite error)' }[s.verdict] ?? s.verdict;
  const verdictNote = {
    passed: 'Every MUST and PROFILE check passed.',
    failed: 'At least one check failed: the target does not conform.',
    error: 'The suite could not reach a verdict (a check could not run); this says nothing about the target.',
  }[s.verdict];
  return `<header id="summary">
<div class="verdict v-${esc(s.verdict)}"><span class="vl">Verdict</span><span class="vw">${esc(verdictWord)}</span></div>
<div class="head-main">
<h1>Conformance report: Campus Network Account Web Service</h1>
<p class="lede">${esc(verdictNote ?? '')}</p>
${s.suiteErrors?.length ? `<ul class="suite-errors">${s.suiteErrors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : ''}
<table class="facts">
<tr><th>Target</th><td><code>${esc(s.target)}</code>${s.embedded ? ' <span class="tag">embedded reference</span>' : ''}</td></tr>
<tr><th>Run</th><td>${esc(s.startedAt)} → ${esc(s.finishedAt)}${duration(s.startedAt, s.finishedAt) ? ` (${esc(duration(s.startedAt, s.finishedAt))})` : ''}</td></tr>
<tr><th>Suite</th><td>${esc(s.tool.name)} ${esc(s.tool.version)}</td></tr>
<tr><th>Seed / cases</th><td>seed <code>${esc(s.seed)}</code>, ${esc(s.runs)} generated cases per operation and binding, ${esc(s.exchanges)} exchanges</td></tr>
<tr><th>Bindings</th><td>${esc(s.bindings.map(bindingTitle).join(', '))}</td></tr>
<tr><th>Operations</th><td>${esc(ops)}</td></tr>
</table>
</div>
<div class="totals">${totals}</div>
</header>`;
}

function toc(s: Summary, problems: number): string {
  return `<nav class="toc"><h2>Contents</h2><ol>
<li><a href="#summary">Summary</a></li>
<li><a href="#assumptions">Profile assumptions in force</a> (${esc(s.assumptions.length)})</li>
<li><a href="#matrix-section">Operations × bindings</a></li>
<li><a href="#failures">Failures, errors and warnings</a> (${problems})</li>
<li><a href="#traceability">Traceability: requirements → checks</a> (${REQUIREMENTS.length})</li>
<li><a href="#results">All results by operation and binding</a> (${esc(s.results.length)})</li>
</ol></nav>`;
}

function assumptions(s: Summary): string {
  const rows = s.assumptions
    .map((a) => `<tr><td><a href="#${anchor('req', a.requirement)}"><code>${esc(a.requirement)}</code></a></td><td><code>${esc(a.setting)}</code></td><td>${esc(a.value)}</td><td>${a.isDefault ? '<span class="tag">default</span>' : '<span class="tag tag-conf">configured</span>'}</td></tr>`)
    .join('\n');
  return `<section id="assumptions"><h2>Profile assumptions in force</h2>
<p>The interface leaves these open; this run filled them as follows. PROFILE verdicts rest on them.</p>
<table class="grid"><thead><tr><th>Requirement</th><th>Setting</th><th>Value</th><th>Source</th></tr></thead><tbody>
${rows || '<tr><td colspan="4" class="none">none</td></tr>'}
</tbody></table></section>`;
}

/** Operations in contract order, then any the contracts do not know (shown, never dropped). */
function operationOrder(s: Summary): string[] {
  const known = OPERATIONS.map((o) => o.name);
  const extra = [...new Set([...s.operations, ...s.results.map((r) => r.operation)])].filter((o) => !known.includes(o)).sort();
  return [...known, ...extra];
}

function cellResults(s: Summary, op: string, b: BindingId): ResultEntry[] {
  return s.results.filter((r) => r.operation === op && r.binding === b);
}

function matrix(s: Summary): string {
  const head = BINDING_IDS.map((b) => `<th scope="col">${esc(BINDINGS[b].title)}</th>`).join('');
  const rows = operationOrder(s).map((op) => {
    const cells = BINDING_IDS.map((b) => {
      const rs = cellResults(s, op, b);
      const w = worst(rs.map((r) => r.verdict));
      if (!w) {
        const why = !s.operations.includes(op) || !s.bindings.includes(b) ? 'not run' : 'no results';
        return `<td class="cell none" data-operation="${esc(op)}" data-binding="${b}" data-verdict="none">${why}</td>`;
      }
      return `<td class="cell v-${w}" data-operation="${esc(op)}" data-binding="${b}" data-verdict="${w}"><a href="#${anchor('cell', op, b)}"><span class="cw">${esc(w)}</span><span class="cc">${countsText(rs)}</span></a></td>`;
    });
    return `<tr><th scope="row">${esc(op)}</th>${cells.join('')}</tr>`;
  });
  const legend = SEVERITY.map((v) => badge(v, v)).join(' ');
  return `<section id="matrix-section"><h2>Operations × bindings</h2>
<p>Each cell shows the worst verdict of its checks (${legend}) and the count per verdict; it links to its results.</p>
<table id="matrix" class="grid matrix"><thead><tr><th scope="col">Operation</th>${head}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

function problemsOf(s: Summary): { r: ResultEntry; id: string }[] {
  const ops = operationOrder(s);
  const indexed = s.results.map((r, i) => ({ r, i })).filter(({ r }) => isProblem(r.verdict));
  indexed.sort((a, b) => ops.indexOf(a.r.operation) - ops.indexOf(b.r.operation) || BINDING_IDS.indexOf(a.r.binding) - BINDING_IDS.indexOf(b.r.binding) || a.i - b.i);
  return indexed.map(({ r, i }) => ({ r, id: `f-${i}` }));
}

function reproduce(s: Summary, r: ResultEntry): string {
  const target = s.embedded ? '' : ` --target ${s.target}`;
  const ev = r.evidence;
  return `campusnet-conformance run${target} --seed ${s.seed} --operations ${r.operation} --bindings ${r.binding}${ev ? `; fast-check seed ${ev.seed} path ${ev.path}` : ''}`;
}

function failure(s: Summary, r: ResultEntry, id: string): string {
  const ev = r.evidence;
  const reqs = r.requirements.map((q) => `<a href="#${anchor('req', q)}"><code>${esc(q)}</code></a>`).join(', ');
  const evidence = ev
    ? `<div class="ev">
<div class="cmp"><div><h4>Expected</h4>${pre(ev.expected, 'expected')}</div><div><h4>Actual</h4>${pre(ev.actual, 'actual')}</div></div>
<h4>Request <span class="muted">exchange ${esc(ev.exchangeId)}</span></h4>
${pre(`${ev.request.method} ${ev.request.url}${Object.keys(ev.request.headers).length ? `\n${headersText(ev.request.headers)}` : ''}${ev.request.body ? `\n\n${ev.request.body}` : ''}`, 'http')}
${
  ev.response
    ? `<h4>Response <span class="muted">HTTP ${esc(ev.response.status)}${ev.response.truncated ? ', truncated at the size cap' : ''}</span></h4>
${pre(`HTTP ${ev.response.status}${Object.keys(ev.response.headers).length ? `\n${headersText(ev.response.headers)}` : ''}${ev.response.body ? `\n\n${ev.response.body}` : ''}`, 'http')}`
    : '<h4>Response</h4><p class="none">no response</p>'
}
${ev.transportError ? `<h4>Transport error</h4>${pre(ev.transportError)}` : ''}
<h4>curl <button type="button" class="copy" data-copy="curl-${id}">copy</button></h4>
<pre class="cmd" id="curl-${id}">${esc(ev.curl)}</pre>
</div>`
    : '<p class="none">No exchange recorded for this result.</p>';
  return `<article class="failure v-${r.verdict}" id="${id}">
<h3>${badge(r.verdict)} <code>${esc(r.check)}</code> <span class="where">${esc(r.operation)} / ${esc(bindingTitle(r.binding))}</span></h3>
<p class="title">${esc(r.title)}</p>
<table class="kv">
<tr><th>Level</th><td><span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span></td></tr>
<tr><th>Requirements</th><td>${reqs || '<span class="none">none</span>'}</td></tr>
<tr><th>Operation</th><td>${esc(r.operation)} <span class="muted">(${esc(r.endpoint)} endpoint)</span></td></tr>
<tr><th>Binding</th><td>${esc(bindingTitle(r.binding))}</td></tr>
<tr><th>Cases</th><td>${esc(r.cases.total)} total, ${esc(r.cases.passed)} passed, ${esc(r.cases.failed)} failed, ${esc(r.cases.notApplicable)} not applicable</td></tr>
<tr><th>Message</th><td class="msg">${esc(r.message)}</td></tr>
<tr><th>Reproduce</th><td><code class="repro">${esc(reproduce(s, r))}</code></td></tr>
</table>
${evidence}
<p class="back"><a href="#${anchor('cell', r.operation, r.binding)}">all results of ${esc(r.operation)} / ${esc(bindingTitle(r.binding))}</a> · <a href="#matrix-section">matrix</a></p>
</article>`;
}

function failures(s: Summary, problems: { r: ResultEntry; id: string }[]): string {
  const list = problems.length
    ? `<ol class="flist">${problems.map(({ r, id }) => `<li>${badge(r.verdict)} <a href="#${id}"><code>${esc(r.check)}</code></a> ${esc(r.operation)} / ${esc(bindingTitle(r.binding))}</li>`).join('\n')}</ol>\n${problems.map(({ r, id }) => failure(s, r, id)).join('\n')}`
    : '<p class="none">No check failed, errored or warned.</p>';
  return `<section id="failures"><h2>Failures, errors and warnings</h2>
<p>Requests and responses are shown as sent and received, with secrets redacted. A result is reproduced with the run seed and its operation and binding; the fast-check seed and path identify the generated case.</p>
${list}</section>`;
}

function traceability(s: Summary): string {
  const byReq = new Map<string, ResultEntry[]>();
  for (const r of s.results)
    for (const q of r.requirements) {
      if (!byReq.has(q)) byReq.set(q, []);
      byReq.get(q)!.push(r);
    }
  const assumptionOf = new Map(s.assumptions.map((a) => [a.requirement, a]));
  const known = new Set(REQUIREMENTS.map((r) => r.id));
  const unknown = [...byReq.keys()].filter((q) => !known.has(q)).sort();
  const reqs = [...REQUIREMENTS.map((r) => ({ id: r.id, section: r.section, level: r.level as string, text: specText(r.text) })), ...unknown.map((id) => ({ id, section: '', level: '', text: '<span class="none">not a requirement of this suite version</span>' }))];
  let covered = 0;
  const rows = reqs.map((q) => {
    const rs = byReq.get(q.id) ?? [];
    const w = worst(rs.map((r) => r.verdict));
    if (w) covered++;
    const checks = [...new Set(rs.map((r) => r.check))].map((c) => {
      const cr = rs.filter((r) => r.check === c);
      return `<li><code>${esc(c)}</code> <span class="cc">${countsText(cr)}</span></li>`;
    });
    const a = assumptionOf.get(q.id);
    const assumption = a ? `<div class="assume">assumption: <code>${esc(a.setting)}</code> = ${esc(a.value)}</div>` : '';
    const checksCell = checks.length ? `<ul class="checks">${checks.join('')}</ul>` : `<span class="none">no result in this run</span>`;
    return `<tr id="${anchor('req', q.id)}" class="${w ? `v-${w}` : 'nores'}"><td><code>${esc(q.id)}</code></td><td>${esc(q.section)}</td><td><span class="lvl lvl-${esc(q.level)}">${esc(q.level)}</span></td><td class="text">${q.text}${assumption}</td><td>${checksCell}</td><td class="cc">${w ? `${badge(w)}<br>${countsText(rs)}` : '—'}</td></tr>`;
  });
  return `<section id="traceability"><h2>Traceability: requirements → checks</h2>
<p>Every requirement of the interface, the checks that cite it in this run and their verdicts (one per check, operation and binding). ${covered} of ${reqs.length} requirements have a result in this run.</p>
<table id="trace" class="grid trace"><thead><tr><th>Requirement</th><th>§</th><th>Level</th><th>Text</th><th>Checks in this run</th><th>Verdicts</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

function allResults(s: Summary, problems: { r: ResultEntry; id: string }[]): string {
  const problemId = new Map(problems.map(({ r, id }) => [r, id]));
  const blocks: string[] = [];
  for (const op of operationOrder(s))
    for (const b of BINDING_IDS) {
      const rs = cellResults(s, op, b);
      if (!rs.length) continue;
      const w = worst(rs.map((r) => r.verdict))!;
      const rows = rs.map((r) => {
        const fid = problemId.get(r);
        const check = fid ? `<a href="#${fid}"><code>${esc(r.check)}</code></a>` : `<code>${esc(r.check)}</code>`;
        return `<tr class="v-${r.verdict}"><td>${badge(r.verdict)}</td><td>${check}</td><td><span class="lvl lvl-${esc(r.level)}">${esc(r.level)}</span></td><td class="msg">${esc(r.message)}</td></tr>`;
      });
      blocks.push(`<div class="cellres" id="${anchor('cell', op, b)}"><h3>${badge(w)} ${esc(op)} / ${esc(BINDINGS[b].title)} <span class="cc">${countsText(rs)}</span></h3>
<table class="grid results"><thead><tr><th>Verdict</th><th>Check</th><th>Level</th><th>Message</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`);
    }
  return `<section id="results"><h2>All results by operation and binding</h2>
${blocks.join('\n') || '<p class="none">No results.</p>'}</section>`;
}

// ---- page -----------------------------------------------------------------------------------

const CSS = `
:root{--fg:#1d2430;--muted:#5f6b7a;--line:#d5dbe3;--bg:#fff;--soft:#f5f7fa;
--passed:#1e7d3a;--passed-bg:#e3f4e8;--failed:#b42318;--failed-bg:#fde8e6;--error:#7a2e9e;--error-bg:#f2e6f8;
--warning:#9a5b00;--warning-bg:#fff2d6;--skipped:#3f5f8a;--skipped-bg:#e6eef8;--not-applicable:#6b7280;--not-applicable-bg:#f1f2f4}
*{box-sizing:border-box}
body{margin:0;padding:24px 32px 48px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans CJK SC","Microsoft YaHei","PingFang SC",sans-serif;color:var(--fg);background:var(--bg);max-width:1400px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;padding-bottom:4px;border-bottom:2px solid var(--fg)}
h3{font-size:15px;margin:0 0 6px}h4{font-size:13px;margin:14px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12.5px}
a{color:#1f5fae;text-decoration:none}a:hover{text-decoration:underline}
header{display:grid;grid-template-columns:220px 1fr;gap:8px 24px;align-items:start;padding-bottom:16px;border-bottom:1px solid var(--line)}
.verdict{grid-row:span 2;border-radius:8px;padding:18px 12px;text-align:center;color:#fff;display:flex;flex-direction:column;justify-content:center;min-height:130px}
.verdict .vl{font-size:12px;text-transform:uppercase;letter-spacing:.12em;opacity:.9}.verdict .vw{font-size:34px;font-weight:800;letter-spacing:.03em;line-height:1.1}
.verdict.v-passed{background:var(--passed)}.verdict.v-failed{background:var(--failed)}.verdict.v-error{background:var(--error)}.verdict.v-error .vw{font-size:20px}
.lede{margin:0 0 8px;color:var(--muted)}
.suite-errors{margin:0 0 8px;color:var(--error)}
.facts{border-collapse:collapse}.facts th{text-align:left;font-weight:600;color:var(--muted);padding:2px 16px 2px 0;vertical-align:top;white-space:nowrap}.facts td{padding:2px 0}
.totals{display:flex;gap:8px;flex-wrap:wrap}
.total{border-radius:6px;padding:6px 12px;min-width:96px;border:1px solid var(--line)}
.total .n{display:block;font-size:20px;font-weight:700}.total .l{font-size:12px;color:var(--muted)}
#assumptions td:first-child{white-space:nowrap}
.tag{display:inline-block;font-size:11px;padding:1px 6px;border-radius:10px;background:var(--soft);border:1px solid var(--line);color:var(--muted)}
.tag-conf{background:#fff2d6;border-color:#e9c46a;color:#7a4d00}
.toc{margin-top:16px;background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:8px 16px}
.toc h2{border:0;margin:4px 0;font-size:14px}.toc ol{margin:4px 0;padding-left:20px;columns:2}
table.grid{border-collapse:collapse;width:100%}
.grid th,.grid td{border:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top}
.grid thead th{background:var(--soft);font-weight:600;position:sticky;top:0}
.matrix{width:auto;min-width:70%}.matrix th[scope=row]{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px;font-weight:600;white-space:nowrap}
.matrix td.cell{min-width:170px;padding:0}.matrix td.cell a{display:block;padding:5px 8px;color:inherit;text-decoration:none}
.matrix td.cell.none{color:var(--muted);padding:5px 8px;font-style:italic;background:repeating-linear-gradient(45deg,#fafbfc,#fafbfc 6px,#f1f3f6 6px,#f1f3f6 12px)}
.cw{display:block;font-weight:700;text-transform:uppercase;font-size:11.5px;letter-spacing:.05em}
.cc{font-size:12px;color:var(--muted)}
.badge{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;padding:1px 7px;border-radius:3px;color:#fff;white-space:nowrap;vertical-align:1px}
${SEVERITY.map((v) => `.badge.v-${v},.total.v-${v} .n{color:var(--${v})}.badge.v-${v}{background:var(--${v});color:#fff}td.v-${v},.total.v-${v},.trace tr.v-${v}>td:last-child{background:var(--${v}-bg)}td.v-${v} .cw{color:var(--${v})}.c-${v}{color:var(--${v})}`).join('\n')}
.lvl{font-size:11px;font-weight:700;padding:0 5px;border:1px solid var(--line);border-radius:3px}.lvl-MUST{border-color:#b42318;color:#b42318}.lvl-PROFILE{border-color:#3f5f8a;color:#3f5f8a}.lvl-SHOULD{border-color:#9a5b00;color:#9a5b00}
.none{color:var(--muted);font-style:italic}.muted{color:var(--muted);font-weight:400;text-transform:none;letter-spacing:0}
.note{color:var(--muted);font-size:12px;margin:2px 0 8px}
.flist{columns:2;padding-left:22px}.flist li{margin:2px 0;break-inside:avoid}
.failure{border:1px solid var(--line);border-left:6px solid var(--muted);border-radius:6px;padding:12px 16px;margin:16px 0;break-inside:avoid-page}
.failure.v-failed{border-left-color:var(--failed)}.failure.v-error{border-left-color:var(--error)}.failure.v-warning{border-left-color:var(--warning)}
.failure .where{font-weight:400;color:var(--muted);margin-left:6px}.failure .title{margin:0 0 8px}
.kv{border-collapse:collapse;margin-bottom:6px}.kv th{text-align:left;color:var(--muted);font-weight:600;padding:2px 16px 2px 0;vertical-align:top;white-space:nowrap}.kv td{padding:2px 0}
.msg{word-break:break-word}
.repro{background:var(--soft);padding:2px 6px;border-radius:3px;word-break:break-all}
pre{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:8px 10px;margin:0;white-space:pre-wrap;word-break:break-all;max-height:26em;overflow:auto}
pre.expected{border-left:3px solid var(--passed)}pre.actual{border-left:3px solid var(--failed)}pre.cmd{background:#1f2733;color:#e8edf3;border-color:#1f2733}
.cmp{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.copy{font:11px system-ui,sans-serif;margin-left:6px;padding:1px 8px;border:1px solid var(--line);background:#fff;border-radius:3px;cursor:pointer;text-transform:none;letter-spacing:0}
.back{font-size:12px;margin:10px 0 0}
.trace td.text{max-width:520px}.trace code{white-space:nowrap}.trace td.text code{white-space:normal}.trace ul.checks{margin:0;padding-left:16px}.trace td.cc{white-space:nowrap}
.trace tr.nores td{color:var(--muted)}.assume{margin-top:4px;font-size:12px;color:var(--skipped)}
.cellres{margin:18px 0;break-inside:avoid-page}.cellres h3 .cc{font-weight:400;margin-left:6px}
.results td:first-child{width:90px}.results td:nth-child(3){width:80px}
footer{margin-top:40px;color:var(--muted);font-size:12px;border-top:1px solid var(--line);padding-top:8px}
@media print{body{padding:0;max-width:none;font-size:11px}pre{max-height:none;overflow:visible}.copy{display:none}.grid thead th{position:static}
h2{break-after:avoid}a{color:inherit}.toc ol{columns:1}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`;

// The only script: copy a curl command (textContent in, clipboard out; never markup).
const SCRIPT = `document.addEventListener('click',function(e){var b=e.target;if(!(b instanceof HTMLButtonElement)||!b.dataset.copy)return;var p=document.getElementById(b.dataset.copy);if(!p||!navigator.clipboard)return;navigator.clipboard.writeText(p.textContent||'').then(function(){b.textContent='copied';setTimeout(function(){b.textContent='copy'},1500)});});`;

export function renderHtmlReport(summary: Summary): string {
  const s = summary;
  const problems = problemsOf(s);
  const scriptHash = createHash('sha256').update(SCRIPT).digest('base64');
  // Defence in depth behind escaping: nothing may be loaded, and only this page's script runs.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${esc(s.tool.name)} ${esc(s.tool.version)}">
<title>${esc(`${s.verdict.toUpperCase()}: conformance of ${s.target}`)}</title>
<style>${CSS}</style>
</head>
<body>
${header(s)}
${toc(s, problems.length)}
<main>
${assumptions(s)}
${matrix(s)}
${failures(s, problems)}
${traceability(s)}
${allResults(s, problems)}
</main>
<footer>Generated by ${esc(s.tool.name)} ${esc(s.tool.version)} from summary.json (run ${esc(s.startedAt)}, seed ${esc(s.seed)}). summary.json is the authoritative record.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
