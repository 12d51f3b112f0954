// The in-process TypeScript reference: the service of spec/interface.md, behaving as
// reference/BEHAVIOUR.md says, hosted the way ASMX hosts it (notes/asmx-wire-behaviour.md).
// Each server has its own state, reset when it starts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PATHS, NET_NAMESPACE } from '../contracts/bindings.ts';
import type { EndpointId, OperationContract } from '../contracts/operations.ts';
import type { Deviation } from './deviation.ts';
import { wsdlFor } from '../contracts/wsdl.ts';
import { operationsOf } from '../contracts/xsd.ts';
import { systemClock, type Clock } from '../generators/clock.ts';
import { createAsmxHandler } from './asmxHost.ts';
import type { ReferenceProfile } from './profile.ts';
import { createReferenceService } from './service.ts';
import type { HostedEndpoint } from './webMethod.ts';

export interface ReferenceOptions {
  profile: ReferenceProfile;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  clock?: Clock;
  /** Default DEFAULT_PATHS (/API/net.asmx, /API/BWC.asmx). */
  paths?: { net: string; bwc: string };
  /** One deliberate deviation (defect catalog); none: the faithful reference. */
  deviation?: Deviation;
}

export interface ReferenceServer {
  /** `http://HOST:PORT`, no trailing slash. */
  readonly url: string;
  /** profile.securityOfficeNamespace when set, else `{url}/` (spec §4.1 Namespaces). */
  readonly securityOfficeNamespace: string;
  close(): Promise<void>;
}

export async function startReference(opts: ReferenceOptions): Promise<ReferenceServer> {
  const host = opts.host ?? '127.0.0.1';
  const paths = opts.paths ?? DEFAULT_PATHS;
  const server = createServer();
  await listen(server, host, opts.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
  // The security-office namespace is `{base_url}/`, known only once the port is (§4.1).
  const securityOfficeNamespace = opts.profile.securityOfficeNamespace || `${url}/`;
  const deviation = opts.deviation ?? {};
  const namespaces: Record<EndpointId, string> = { net: deviation.netNamespace ?? NET_NAMESPACE, bwc: securityOfficeNamespace };
  const endpoints = (['net', 'bwc'] as const).map((id) => hostedEndpoint(id, paths[id], namespaces[id], url, deviation));
  server.on('request', createAsmxHandler({ endpoints, invoke: createReferenceService(opts.profile, opts.clock ?? systemClock, deviation), deviation }));
  return { url, securityOfficeNamespace, close: () => close(server) };
}

function hostedEndpoint(id: EndpointId, path: string, namespace: string, url: string, deviation: Deviation): HostedEndpoint {
  const operations = new Map(operationsOf(id).map((op) => [op.name, renamed(op, deviation.renamedParams?.[op.name])]));
  let wsdl: string | undefined; // rendered once, on first request
  return { path, namespace, operations, wsdl: () => (wsdl ??= wsdlFor(id, { namespace, location: url + path })), ...(deviation.leniency ? { leniency: deviation.leniency } : {}) };
}

/** The operation as an implementation that names some parameters differently binds it. */
function renamed(op: OperationContract, names: Readonly<Record<string, string>> | undefined): OperationContract {
  if (!names) return op;
  return { ...op, params: op.params.map((p) => (names[p.name] ? { ...p, name: names[p.name] } : p)) };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting, drops idle keep-alive connections, and resolves once every connection ended. */
function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
  });
}
