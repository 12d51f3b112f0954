// Puts a result on its vitest test: the typed meta the reporters read (DESIGN.md: reports come
// from test metadata, not console output), and Allure's labels, links and attachments.
import type { TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import type { ResultEntry } from '../../reports/model.ts';
import { bindingTitle } from './plan.ts';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ResultEntry;
  }
}

const SEVERITY: Record<ResultEntry['level'], string> = { MUST: 'critical', PROFILE: 'normal', SHOULD: 'minor' };

export async function annotate(task: TestContext['task'], entry: ResultEntry): Promise<void> {
  task.meta.conformance = entry;
  await allure.label('endpoint', entry.endpoint);
  await allure.label('operation', entry.operation);
  await allure.label('binding', entry.binding);
  await allure.parentSuite(entry.operation);
  await allure.suite(bindingTitle(entry.binding));
  await allure.severity(SEVERITY[entry.level]);
  await allure.tag(entry.level);
  for (const r of entry.requirements) await allure.link(`#${r}`, r, 'requirement');
  if (entry.evidence) {
    await allure.attachment('request', `${entry.evidence.request.method} ${entry.evidence.request.url}\n${Object.entries(entry.evidence.request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${entry.evidence.request.body}`, 'text/plain');
    if (entry.evidence.response) {
      const r = entry.evidence.response;
      await allure.attachment('response', `HTTP ${r.status}\n${Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${r.body}`, 'text/plain');
    }
    await allure.attachment('curl', entry.evidence.curl, 'text/plain');
  }
}
