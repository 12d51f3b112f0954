// Every check, in the order reports list them: transport, media type, document, body, schema,
// documented results, then the properties across bindings.
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
];

export const CHECK_BY_ID: ReadonlyMap<string, Check> = new Map(CHECKS.map((c) => [c.id, c]));
