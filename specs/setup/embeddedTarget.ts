// Global set-up of the conformance project under `npm test`: start the embedded reference and
// hand the run settings to the spec. (The CLI passes its own settings and needs none of this.)
import type { TestProject } from 'vitest/node';
import { resolveSettings } from '../../config/load.ts';
import { embeddedConfig, startEmbedded } from '../../reference/embedded.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = embeddedConfig({});
  const embedded = await startEmbedded(config);
  const seed = process.env.CAMPUSNET_SEED ? Number(process.env.CAMPUSNET_SEED) : undefined;
  const runs = process.env.CAMPUSNET_RUNS ? Number(process.env.CAMPUSNET_RUNS) : undefined;
  const settings = resolveSettings(config, { ...(seed !== undefined ? { seed } : {}), ...(runs !== undefined ? { runs } : {}) }, embedded);
  // The seed is printed so that a failure in CI can be reproduced with CAMPUSNET_SEED.
  console.log(`conformance: embedded reference at ${settings.target}, seed ${settings.seed}, ${settings.runs} cases per operation and binding`);
  project.provide('campusnet', settings);
  return () => embedded.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    campusnet: import('../../config/load.ts').RunSettings;
  }
}
