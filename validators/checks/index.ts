// Every check, in the order reports list them: transport, media type, document, body, schema,
// documented results, the properties across bindings, the published description, then what
// the target must refuse, and the state sequences.
import type { Check } from '../check.ts';
import { checkResponseStatusIs200, checkTargetAnswersInTime } from './transport.ts';
import { checkResponseContentTypeMatchesBinding } from './contentType.ts';
import { checkResponseIsWellFormedUtf8Xml, checkSoapResponseIsEnvelopeOfBindingVersion } from './document.ts';
import {
  checkHttpResponseIsOneStringElement,
  checkResponseElementsUseServiceNamespace,
  checkSoapBodyHoldsOneOperationResponse,
  checkSoapResponseHoldsOneStringResult,
} from './body.ts';
import { checkResponseMatchesXmlSchema } from './xsd.ts';
import { checkGetOnlineEquipmentListResultIsJson, checkResultIsOkOnSuccess, checkUserOffLineResultIsCodeMessageJson } from './results.ts';
import { checkBindingsAgreeOnResult } from './crossBinding.ts';
import { checkPublishedWsdlMatchesContracts } from './wsdl.ts';
import { REFUSAL_CHECKS } from './refusals.ts';
import { PROTOCOL_CHECKS } from './protocol.ts';
import { SCENARIO_CHECKS } from './scenarios.ts';

export const CHECKS: readonly Check[] = [
  checkTargetAnswersInTime,
  checkResponseStatusIs200,
  checkResponseContentTypeMatchesBinding,
  checkResponseIsWellFormedUtf8Xml,
  checkSoapResponseIsEnvelopeOfBindingVersion,
  checkSoapBodyHoldsOneOperationResponse,
  checkSoapResponseHoldsOneStringResult,
  checkHttpResponseIsOneStringElement,
  checkResponseElementsUseServiceNamespace,
  checkResponseMatchesXmlSchema,
  checkUserOffLineResultIsCodeMessageJson,
  checkResultIsOkOnSuccess,
  checkGetOnlineEquipmentListResultIsJson,
  checkBindingsAgreeOnResult,
  checkPublishedWsdlMatchesContracts,
  ...REFUSAL_CHECKS,
  ...PROTOCOL_CHECKS,
  ...SCENARIO_CHECKS,
];

export const CHECK_BY_ID: ReadonlyMap<string, Check> = new Map(CHECKS.map((c) => [c.id, c]));
