// summary.json's published JSON Schema, written with zod so the schema and a runtime validation
// come from one place (schemas/summary.schema.json is generated from it).
import { z } from 'zod';

const verdict = z.enum(['passed', 'failed', 'warning', 'not-applicable', 'skipped', 'error']);
const binding = z.enum(['soap11', 'soap12', 'get', 'post']);

const evidence = z.object({
  exchangeId: z.string().describe('`<Op>/<binding>/<case>`'),
  seed: z.number().int().describe('fast-check seed of the operation'),
  path: z.string().describe('fast-check path (case index) that generated the request'),
  expected: z.string(),
  actual: z.string(),
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string(), truncated: z.boolean() }).optional(),
  transportError: z.string().optional(),
  curl: z.string().describe('A curl command that sends the same request (secrets redacted)'),
});

export const resultEntrySchema = z.object({
  check: z.string().describe('Check ID, named as a sentence: checkResponseStatusIs200'),
  title: z.string(),
  requirements: z.array(z.string()).describe('Requirement IDs (contracts/requirements.ts) the check verifies'),
  level: z.enum(['MUST', 'SHOULD', 'PROFILE']),
  operation: z.string(),
  endpoint: z.enum(['net', 'bwc']),
  binding,
  verdict,
  message: z.string().describe('"expected X but the response contained Y", or why the check passed, was skipped or did not apply'),
  cases: z.object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int(), notApplicable: z.number().int() }),
  evidence: evidence.optional().describe('The first failing exchange'),
});

export const summarySchema = z
  .object({
    $schema: z.string().optional(),
    tool: z.object({ name: z.literal('campusnet-conformance'), version: z.string() }),
    verdict: z.enum(['passed', 'failed', 'error']).describe('failed: a MUST or PROFILE check failed (exit 1); error: the suite could not decide (exit 4)'),
    target: z.string(),
    embedded: z.boolean().describe('The target was the embedded reference implementation'),
    startedAt: z.string(),
    finishedAt: z.string(),
    seed: z.number().int(),
    runs: z.number().int().describe('Generated cases per operation and binding'),
    bindings: z.array(binding),
    operations: z.array(z.string()),
    assumptions: z
      .array(z.object({ requirement: z.string(), setting: z.string(), value: z.string(), isDefault: z.boolean() }))
      .describe('How this run filled the gaps of the spec (profile)'),
    totals: z.object(Object.fromEntries(verdict.options.map((v) => [v, z.number().int()])) as Record<z.infer<typeof verdict>, z.ZodNumber>),
    exchanges: z.number().int().describe('Generated cases sent (set-up requests, negative variants, scenario steps and ?WSDL not counted)'),
    resources: z.object({ peakRssBytes: z.number().int().describe('Peak resident memory of the suite process') }).optional(),
    incomplete: z.boolean().optional().describe('The run was interrupted: what was sent was checked, the rest is skipped'),
    suiteErrors: z
      .array(z.string())
      .optional()
      .describe('Errors of the suite itself outside any check (a spec file that did not load, an error no test caught): the verdict is then error unless a check failed'),
    results: z.array(resultEntrySchema).describe('One entry per check run on an operation and binding'),
  })
  .describe('campusnet-conformance run summary');
