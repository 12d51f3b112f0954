// The four bindings of spec §4.1 and the two endpoints of §4.1 "Namespaces", as data.
import type { EndpointId } from './operations.ts';

export type BindingId = 'soap11' | 'soap12' | 'get' | 'post';

export const BINDING_IDS: readonly BindingId[] = ['soap11', 'soap12', 'get', 'post'];

export const SOAP11_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENV_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export interface BindingContract {
  readonly id: BindingId;
  readonly title: string;
  readonly method: 'GET' | 'POST';
  /** Request media type (§4.1 table); undefined for GET, which has no body. */
  readonly requestMediaType?: string;
  /** Response media type; its charset must be utf-8 (§4.1 table). */
  readonly responseMediaType: string;
  readonly envelopeNs?: string;
  /** The conventional prefix the spec names (§4.1): `soap` for 1.1, `soap12` for 1.2. */
  readonly envelopePrefix?: string;
  readonly sendsSoapAction: boolean;
  /** The operation name is a path segment after the endpoint path (§4.1 table). */
  readonly operationInPath: boolean;
  /** SOAP values are typed (XML Schema lexical forms); GET/POST values are text (§4.1 rule 2). */
  readonly lexical: 'xsd' | 'text';
}

export const BINDINGS: Readonly<Record<BindingId, BindingContract>> = {
  soap11: {
    id: 'soap11',
    title: 'SOAP 1.1',
    method: 'POST',
    requestMediaType: 'text/xml',
    responseMediaType: 'text/xml',
    envelopeNs: SOAP11_ENV_NS,
    envelopePrefix: 'soap',
    sendsSoapAction: true,
    operationInPath: false,
    lexical: 'xsd',
  },
  soap12: {
    id: 'soap12',
    title: 'SOAP 1.2',
    method: 'POST',
    requestMediaType: 'application/soap+xml',
    responseMediaType: 'application/soap+xml',
    envelopeNs: SOAP12_ENV_NS,
    envelopePrefix: 'soap12',
    sendsSoapAction: false,
    operationInPath: false,
    lexical: 'xsd',
  },
  get: {
    id: 'get',
    title: 'HTTP GET',
    method: 'GET',
    responseMediaType: 'text/xml',
    sendsSoapAction: false,
    operationInPath: true,
    lexical: 'text',
  },
  post: {
    id: 'post',
    title: 'HTTP POST',
    method: 'POST',
    requestMediaType: 'application/x-www-form-urlencoded',
    responseMediaType: 'text/xml',
    sendsSoapAction: false,
    operationInPath: true,
    lexical: 'text',
  },
};

export const isSoap = (b: BindingId): b is 'soap11' | 'soap12' => b === 'soap11' || b === 'soap12';

/** Where the endpoints live and which namespace they use; resolved per target by the config. */
export interface EndpointSettings {
  readonly baseUrl: string;
  readonly paths: Readonly<Record<EndpointId, string>>;
  /** §4.1: `{base_url}/` unless a deployment compiled another one in (config). */
  readonly securityOfficeNamespace: string;
}

export const DEFAULT_PATHS: Readonly<Record<EndpointId, string>> = { net: '/API/net.asmx', bwc: '/API/BWC.asmx' };

/** §4.1 Namespaces: the network endpoint's namespace is the literal `PassPort_Net`. */
export const NET_NAMESPACE = 'PassPort_Net';

/** §4.1: the security-office namespace is `{base_url}/`, the target's base URL with one slash. */
export function defaultSecurityOfficeNamespace(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') + '/';
}

export function namespaceOf(endpoint: EndpointId, settings: Pick<EndpointSettings, 'securityOfficeNamespace'>): string {
  return endpoint === 'net' ? NET_NAMESPACE : settings.securityOfficeNamespace;
}

/** §4.1: SOAPAction is `<ns>/<Op>`; for the security-office namespace, which already ends in `/`, no second slash. */
export function soapActionOf(namespace: string, operation: string): string {
  return namespace.endsWith('/') ? namespace + operation : `${namespace}/${operation}`;
}
