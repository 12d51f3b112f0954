// A stable ID for every normative sentence of spec/interface.md §4 to §7 (and §9, which restates
// the binding rule). Checks cite these IDs; the report lists, for each, its checks and verdicts.
// Gaps ("not shown") are listed too, as PROFILE requirements naming the profile setting that fills them.
import { OPERATIONS, type OperationContract } from './operations.ts';

export type Level = 'MUST' | 'SHOULD' | 'PROFILE';

export interface Requirement {
  readonly id: string;
  readonly section: string;
  /** The spec's sentence, quoted or closely paraphrased. */
  readonly text: string;
  readonly level: Level;
  /** For PROFILE requirements: the configuration key that states the assumption. */
  readonly profileKey?: string;
}

const r = (id: string, section: string, level: Level, text: string, profileKey?: string): Requirement => ({
  id,
  section,
  level,
  text,
  ...(profileKey ? { profileKey } : {}),
});

const BINDING_REQUIREMENTS: Requirement[] = [
  r('IF-4.1-SOAP11-REQUEST', '4.1', 'MUST', 'SOAP 1.1: POST to the endpoint path with Content-Type `text/xml; charset=utf-8` and a SOAP 1.1 envelope (`soap` prefix) whose body holds element `<Op>` in namespace `<ns>` with one child element per parameter, named as the parameter; such a request is accepted.'),
  r('IF-4.1-SOAP11-ACTION', '4.1', 'MUST', 'SOAP 1.1: header `SOAPAction` with a double-quoted value `<ns>/<Op>`.'),
  r('IF-4.1-SOAP11-STATUS', '4.1', 'MUST', 'SOAP 1.1 response: HTTP 200.'),
  r('IF-4.1-SOAP11-CONTENT-TYPE', '4.1', 'MUST', 'SOAP 1.1 response: `text/xml; charset=utf-8`.'),
  r('IF-4.1-SOAP11-ENVELOPE', '4.1', 'MUST', 'SOAP 1.1 response: a SOAP 1.1 envelope.'),
  r('IF-4.1-SOAP11-BODY', '4.1', 'MUST', 'SOAP 1.1 response: the body holds `<Op>Response` with one child `<Op>Result` (string).'),
  r('IF-4.1-SOAP12-REQUEST', '4.1', 'MUST', 'SOAP 1.2: POST to the endpoint path with Content-Type `application/soap+xml; charset=utf-8` (no SOAPAction header) and the same body as SOAP 1.1 inside a SOAP 1.2 envelope (`soap12` prefix); such a request is accepted.'),
  r('IF-4.1-SOAP12-STATUS', '4.1', 'MUST', 'SOAP 1.2 response: HTTP 200.'),
  r('IF-4.1-SOAP12-CONTENT-TYPE', '4.1', 'MUST', 'SOAP 1.2 response: `application/soap+xml; charset=utf-8`.'),
  r('IF-4.1-SOAP12-ENVELOPE', '4.1', 'MUST', 'SOAP 1.2 response: a SOAP 1.2 envelope.'),
  r('IF-4.1-SOAP12-BODY', '4.1', 'MUST', 'SOAP 1.2 response: same body shape as SOAP 1.1 (`<Op>Response` with one child `<Op>Result`).'),
  r('IF-4.1-GET-REQUEST', '4.1', 'MUST', 'HTTP GET: GET `<endpoint path>/<Op>?<name>=<value>&...`, every parameter a query string item; such a request is accepted.'),
  r('IF-4.1-GET-STATUS', '4.1', 'MUST', 'HTTP GET response: HTTP 200.'),
  r('IF-4.1-GET-CONTENT-TYPE', '4.1', 'MUST', 'HTTP GET response: `text/xml; charset=utf-8`.'),
  r('IF-4.1-GET-STRING', '4.1', 'MUST', 'HTTP GET response: a single XML `string` element in namespace `<ns>` holding the result text.'),
  r('IF-4.1-POST-REQUEST', '4.1', 'MUST', 'HTTP POST: POST `<endpoint path>/<Op>` with `application/x-www-form-urlencoded`, every parameter a form field; such a request is accepted.'),
  r('IF-4.1-POST-STATUS', '4.1', 'MUST', 'HTTP POST response: same as HTTP GET (HTTP 200).'),
  r('IF-4.1-POST-CONTENT-TYPE', '4.1', 'MUST', 'HTTP POST response: same as HTTP GET (`text/xml; charset=utf-8`).'),
  r('IF-4.1-POST-STRING', '4.1', 'MUST', 'HTTP POST response: same as HTTP GET (a single `string` element in `<ns>`).'),
  r('IF-4.1-NS-NET', '4.1', 'MUST', 'Network endpoint: `<ns>` is `PassPort_Net`; SOAPAction is `PassPort_Net/<Op>`.'),
  r('IF-4.1-NS-BWC', '4.1', 'MUST', 'Security-office endpoint: `<ns>` is `{base_url}/`; SOAPAction is `{base_url}/<Op>`.'),
  r('IF-4.1-PATH-NET', '4.1', 'MUST', 'Network endpoint path: `/API/net.asmx`.'),
  r('IF-4.1-PATH-BWC', '4.1', 'MUST', 'Security-office endpoint path: `/API/BWC.asmx`.'),
  r('IF-4.1-RULE-1', '4.1', 'MUST', 'Parameter element names and order in SOAP are those in the table in 4.2.'),
  r('IF-4.1-RULE-2', '4.1', 'MUST', 'In SOAP, a parameter has the type in the table (string, int, dateTime, double). In HTTP GET and HTTP POST every value is text.'),
  r('IF-4.1-RULE-3', '4.1', 'MUST', 'Parameter names are case-sensitive as written. `GetUserPackages` uses `signtext`. `BindTest` uses `Timespan` and `signText`. All others use `TimeSpan` and `SignText`.'),
  r('IF-4.1-RULE-4', '4.1', 'MUST', 'Some parameter names are not ASCII. They are given exactly.'),
  r('IF-4.1-RESULT-STRING', '1', 'MUST', 'Every operation returns a single string result.'),
];

/** One requirement per row of the §4.2 and §4.3 tables: the operation, its parameters and its purpose. */
const OPERATION_REQUIREMENTS: Requirement[] = OPERATIONS.map((op) =>
  r(
    `IF-${op.section}-${op.name}`,
    op.section,
    'MUST',
    op.params.length
      ? `${op.name} takes ${op.params.map((x) => `${x.name}: ${x.type}`).join('; ')} (in order). ${op.purpose}`
      : `${op.name} takes no parameters (empty request element in SOAP; no query items in GET; empty form in POST). ${op.purpose}`,
  ),
);

const RESULT_REQUIREMENTS: Requirement[] = [
  r('IF-4.2-UserOffLine-RESULT', '4.2', 'MUST', 'UserOffLine: the result is a JSON object with a numeric `code` (0 shown) and a text `message`.'),
  r('IF-4.2-UserOffLine-IPADDRESS', '4.2', 'MUST', 'UserOffLine: when all of the user\'s devices are to go offline, `IPAddress` may be empty.'),
  r('IF-4.2-GetIPUser-DATA', '4.2', 'MUST', 'GetIPUser: `data` is a JSON string holding an array of objects, each with `IP` (IP address text) and `Time` (year-month-day hour:minute:second, month and day without leading zeros).'),
  r('IF-4.2-GetOnlineEquipmentList-QUERY', '4.2', 'MUST', 'GetOnlineEquipmentList: at least one of `Account`, `IPAddress`, `MACAddress` must be passed.'),
  r('IF-4.2-GetOnlineEquipmentList-RESULT', '4.2', 'MUST', 'GetOnlineEquipmentList: the result is JSON data.'),
  r('IF-4.2-ActiveCampusAccount-CARRIER', '4.2', 'MUST', 'ActiveCampusAccount: `运营商` is the carrier: 1 = telecom, 2 = unicom, 3 = mobile.'),
  r('IF-4.2-ActiveCampusAccount-RESULT', '4.2', 'MUST', 'ActiveCampusAccount: the result is `ok` on success.'),
  r('IF-4.2-DeleteUser-RESULT', '4.2', 'MUST', 'DeleteUser: the result is `ok` on success.'),
  r('IF-4.2-UpdateIPv46Traffic-ORDER', '4.2', 'MUST', 'UpdateIPv46Traffic: IPv4 downlink, IPv4 uplink, IPv6 downlink, IPv6 uplink, in that order.'),
];

const GAP_REQUIREMENTS: Requirement[] = [
  r('IF-4.4-ACTION', '4.4', 'PROFILE', 'Allowed values of `action` (BindTelecomNet and BindTest): not shown.', 'fixtures.actions'),
  r('IF-4.4-AVALIABLE', '4.4', 'PROFILE', 'Allowed values of `avaliable` (SetUser_Avaliable): not shown.', 'fixtures.availability'),
  r('IF-4.4-PRODUCT', '4.4', 'PROFILE', 'Meaning and allowed values of `Product` (GetUserProductFromLog): not shown.', 'fixtures.products'),
  r('IF-4.4-PRODUCTID', '4.4', 'PROFILE', 'Allowed values of `ProductID` (UpdateADUser): not shown.', 'fixtures.productIds'),
  r('IF-4.4-RESULTS', '4.4', 'PROFILE', 'Result content of operations other than UserOffLine, ActiveCampusAccount and DeleteUser: not shown (any string is accepted).'),
  r('IF-5.6-SIGNATURE', '5.6', 'PROFILE', 'Signature algorithm of operations other than SendIntranetMail: not shown.', 'signature'),
  r('IF-5.7-TIMESPAN', '5.7', 'PROFILE', 'Format and validity window of `TimeSpan`: not shown.', 'timeSpan'),
  r('IF-5.8-ISSUANCE', '5.8', 'PROFILE', 'How `SiteID` and the key are issued, and the allowed IP addresses: not shown.', 'siteId, sharedKey, ipCheck'),
  r('IF-5.9-TOTP', '5.9', 'PROFILE', 'TOTP parameters (digits, period, secret provisioning): not shown.', 'totp'),
];

const AUTH_REQUIREMENTS: Requirement[] = [
  r('IF-5.1-SIGNED', '5.1', 'MUST', 'Most operations on the network endpoint carry `SiteID`, `TimeSpan` and a signature parameter (`SignText`, `signText` or `signtext`) in the request payload.'),
  r('IF-5.2-MAIL-SIGNATURE', '5.2', 'MUST', 'SendIntranetMail: signature = MD5(SiteID + TimeSpan + ToUID + Key), where `Key` is a secret shared with the caller.'),
  r('IF-5.3-TOTP', '5.3', 'MUST', 'GetIPUser: `SiteID` and `TotpCode` are sent; it uses the standard time-based one-time-password check.'),
  r('IF-5.4-CALLER-IP', '5.4', 'MUST', "UploadNetUserNumber and UpdateADUser: the caller's IP address is checked; there are no signature parameters."),
  r('IF-5.5-NO-AUTH', '5.5', 'MUST', 'UpdateIPv46Traffic, GetUserProductFromLog and SyncPhotoFromSourceToTarget have no authentication parameters.'),
];

const ERROR_REQUIREMENTS: Requirement[] = [
  r('IF-7.1-HTTP-200', '7.1', 'MUST', 'Every documented response is HTTP 200 with a string result.'),
  r('IF-7.2-USEROFFLINE', '7.2', 'MUST', 'UserOffLine returns a JSON object with `code` and `message`; `code` 0 is shown.'),
  r('IF-7.3-OK', '7.3', 'MUST', 'ActiveCampusAccount and DeleteUser return the text `ok` on success.'),
  r('IF-7.4-ERRORS', '7.4', 'PROFILE', 'Error codes and failure results: not shown.'),
  r('IF-7.5-FAULTS', '7.5', 'PROFILE', 'HTTP status codes other than 200, and SOAP faults: not shown.'),
  r('IF-9.1-IDENTICAL', '9.1', 'MUST', 'Each operation is offered in SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST, with identical parameters.'),
];

export const REQUIREMENTS: readonly Requirement[] = [
  ...BINDING_REQUIREMENTS,
  ...OPERATION_REQUIREMENTS,
  ...RESULT_REQUIREMENTS,
  ...AUTH_REQUIREMENTS,
  ...ERROR_REQUIREMENTS,
  ...GAP_REQUIREMENTS,
];

export const REQUIREMENT_BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((x) => [x.id, x]));

export function requirement(id: string): Requirement {
  const found = REQUIREMENT_BY_ID.get(id);
  if (!found) throw new Error(`unknown requirement ${id}`);
  return found;
}

/**
 * Requirements on the form of an operation's request that the suite's generated requests follow:
 * a target that refuses such a request fails them. (Refusals the spec asks for, such as a wrong
 * signature, are checked apart.)
 */
export function requestFormRequirements(op: OperationContract): string[] {
  const ids = [`IF-${op.section}-${op.name}`];
  for (const id of [`IF-4.2-${op.name}-IPADDRESS`, `IF-4.2-${op.name}-DATA`, `IF-4.2-${op.name}-QUERY`, `IF-4.2-${op.name}-CARRIER`, `IF-4.2-${op.name}-ORDER`]) {
    if (REQUIREMENT_BY_ID.has(id)) ids.push(id);
  }
  // §5.1: SiteID, TimeSpan and a signature in the payload; §5.5: no authentication parameters.
  if (op.auth.kind === 'signature') ids.push('IF-5.1-SIGNED');
  if (op.auth.kind === 'none') ids.push('IF-5.5-NO-AUTH');
  return ids;
}
