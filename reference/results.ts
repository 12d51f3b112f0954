// Result strings of the reference (BEHAVIOUR.md, Results): compact JSON `{"code":N,"message":"..."}`
// with keys in that order and JSON.stringify's escaping.

export const FAILURE = {
  unknownSiteId: 1001,
  timeSpanInvalid: 1002,
  signatureMismatch: 1003,
  totpInvalid: 1004,
  callerNotAllowed: 1005,
  userNotFound: 1007,
  carrierAuthFailed: 1008,
} as const;

export type FailureCode = (typeof FAILURE)[keyof typeof FAILURE];

const MESSAGES: Readonly<Record<FailureCode, string>> = {
  1001: 'unknown SiteID',
  1002: 'TimeSpan invalid or expired',
  1003: 'signature mismatch',
  1004: 'TOTP code invalid',
  1005: 'caller IP not allowed',
  1007: 'user not found',
  1008: 'carrier authentication failed',
};

export const codeMessage = (code: number, message: string): string => JSON.stringify({ code, message });

export const failure = (code: FailureCode): string => codeMessage(code, MESSAGES[code]);

/** 1006 names the offending parameter exactly as the operation spells it. */
export const invalidParameter = (name: string): string => codeMessage(1006, `invalid parameter: ${name}`);

/** A success carrying data: `{"code":0,...}` with the given members after `code`. */
export const success = (members: Record<string, unknown>): string => JSON.stringify({ code: 0, ...members });
