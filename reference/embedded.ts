// The embedded target: the TypeScript reference started in this process, enforcing the same
// profile the suite signs with, so a run with no target certifies the reference.
import type { ConfigFile } from '../config/schema.ts';
import { resolveProfile } from '../config/profile.ts';
import { referenceProfile } from './profile.ts';
import { startReference } from './server.ts';

export interface EmbeddedTarget {
  readonly url: string;
  readonly securityOfficeNamespace: string;
  close(): Promise<void>;
}

/**
 * Against the embedded reference the caller-IP check (spec §5.4) is exercised too, from 127.0.0.1
 * (allowed) and 127.0.0.2 (denied): on Linux every 127.x address is a local one. A configured
 * ipCheck is kept as it is.
 */
export function embeddedConfig(cfg: ConfigFile): ConfigFile {
  if (cfg.ipCheck || process.platform !== 'linux') return cfg;
  return { ...cfg, ipCheck: { allowedSource: '127.0.0.1', deniedSource: '127.0.0.2' } };
}

export async function startEmbedded(cfg: ConfigFile): Promise<EmbeddedTarget> {
  const profile = resolveProfile(cfg);
  const server = await startReference({
    profile: referenceProfile(profile, cfg.securityOfficeNamespace ?? ''),
    ...(cfg.paths ? { paths: { net: cfg.paths.net ?? '/API/net.asmx', bwc: cfg.paths.bwc ?? '/API/BWC.asmx' } } : {}),
  });
  return { url: server.url, securityOfficeNamespace: server.securityOfficeNamespace, close: () => server.close() };
}
