// Writes the checked-in XSD and WSDL files derived from contracts/operations.ts, and the JSON
// Schemas of the configuration and of summary.json derived from their zod schemas, and the
// traceability table of requirements, checks and defects. They exist for
// readers and for tools that want files; the suite itself renders them per target at run time.
// test/contracts-artifacts.test.ts fails when the checked-in files drift from renderArtifacts().
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_PATHS, defaultSecurityOfficeNamespace, namespaceOf } from '../contracts/bindings.ts';
import type { EndpointId } from '../contracts/operations.ts';
import { XML_DECLARATION, xsdFiles } from '../contracts/xsd.ts';
import { SERVICE_NAME, wsdlFor } from '../contracts/wsdl.ts';
import { z } from 'zod';
import { configSchema } from '../config/schema.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { renderTraceability } from '../defects/traceability.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The directories this script owns: every file in them is generated. */
export const ARTIFACT_DIRS = ['contracts/xsd', 'contracts/wsdl', 'schemas'] as const;
/** Generated files that live beside hand-written ones. */
export const ARTIFACT_FILES = ['defects/TRACEABILITY.md'] as const;

// A reserved, unresolvable host (RFC 6761) so the placeholder can never be mistaken for a target.
const PLACEHOLDER_BASE_URL = 'http://base-url.invalid';

const HEADER = [
  '<!-- Generated from contracts/operations.ts by `npm run generate:artifacts`; do not edit.',
  `     ${defaultSecurityOfficeNamespace(PLACEHOLDER_BASE_URL)} stands for {base_url}/ (spec 4.1); the suite renders these per target. -->`,
].join('\n');

/** Puts the header right after the XML declaration, the only place a comment may precede it. */
function withHeader(text: string): string {
  if (!text.startsWith(XML_DECLARATION)) throw new Error('generated XML must start with the XML declaration');
  return `${XML_DECLARATION}\n${HEADER}${text.slice(XML_DECLARATION.length)}`;
}

/** Repository-relative path → file content, for every generated file. */
export function renderArtifacts(): Record<string, string> {
  const settings = { securityOfficeNamespace: defaultSecurityOfficeNamespace(PLACEHOLDER_BASE_URL) };
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(xsdFiles(settings))) out[`contracts/xsd/${name}`] = withHeader(text);
  for (const endpoint of ['net', 'bwc'] as const satisfies readonly EndpointId[]) {
    const wsdl = wsdlFor(endpoint, {
      namespace: namespaceOf(endpoint, settings),
      location: PLACEHOLDER_BASE_URL + DEFAULT_PATHS[endpoint],
    });
    out[`contracts/wsdl/${SERVICE_NAME[endpoint]}.wsdl`] = withHeader(wsdl);
  }
  // The published JSON Schemas of the configuration file and of summary.json.
  out['schemas/config.schema.json'] = JSON.stringify(z.toJSONSchema(configSchema, { io: 'input' }), null, 2) + '\n';
  out['schemas/summary.schema.json'] = JSON.stringify(z.toJSONSchema(summarySchema), null, 2) + '\n';
  out['defects/TRACEABILITY.md'] = renderTraceability();
  return out;
}

function main(): void {
  const artifacts = renderArtifacts();
  // Stale files (an operation or file renamed) would otherwise linger next to fresh ones.
  for (const dir of ARTIFACT_DIRS) rmSync(join(REPO_ROOT, dir), { recursive: true, force: true });
  for (const [path, text] of Object.entries(artifacts)) {
    const target = join(REPO_ROOT, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const count = ARTIFACT_DIRS.reduce((n, dir) => n + readdirSync(join(REPO_ROOT, dir)).length, 0) + ARTIFACT_FILES.length;
  console.log(`wrote ${count} files into ${[...ARTIFACT_DIRS, ...ARTIFACT_FILES].join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
