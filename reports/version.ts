// The suite's version, as package.json states it, for reports.
import { readFileSync } from 'node:fs';

export const TOOL_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
