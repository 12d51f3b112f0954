// The 20 operations of spec/interface.md §4.2 and §4.3 as data. Everything else (XSD, WSDL,
// generators, encoders, checks, the reference) is derived from this table, so a name, an order
// or a type is written exactly once.

export type SoapType = 'string' | 'int' | 'double' | 'dateTime';

export type EndpointId = 'net' | 'bwc';

/** What a parameter stands for, so generators and signers know what value to put in it. */
export type ParamRole =
  | 'siteId' // SiteID (§5.1)
  | 'timeSpan' // TimeSpan / Timespan (§5.1, format from the profile, §5.7)
  | 'signature' // SignText / signText / signtext (§5.1)
  | 'totp' // TotpCode (§5.3)
  | 'account' // a user account
  | 'uid' // a user ID
  | 'ip'
  | 'mac'
  | 'carrierUser' // netUsername
  | 'carrierPassword' // netPassword: a secret, never reported
  | 'carrier' // 运营商: 1 = telecom, 2 = unicom, 3 = mobile
  | 'ipLogQuery' // GetIPUser.data: JSON array of {IP, Time}
  | 'text' // free text
  | 'mobile'
  | 'enumText' // a value whose allowed set the spec does not show (profile)
  | 'count'
  | 'traffic'
  | 'dateTime'
  | 'productId';

export interface ParamContract {
  /** Exact, case-sensitive name (§4.1 rule 3, rule 4). */
  readonly name: string;
  readonly type: SoapType;
  readonly role: ParamRole;
  /** Allowed values where the spec gives them. */
  readonly allowed?: readonly (string | number)[];
  /** The spec lets this parameter be empty (UserOffLine.IPAddress). */
  readonly mayBeEmpty?: boolean;
}

export type AuthKind =
  | { readonly kind: 'signature'; readonly param: string; readonly recipeFromSpec: boolean }
  | { readonly kind: 'totp'; readonly param: string }
  | { readonly kind: 'callerIp' }
  | { readonly kind: 'none' };

export type ResultFormat =
  | { readonly kind: 'codeMessageJson' } // UserOffLine (§4.2, §7.2)
  | { readonly kind: 'okOnSuccess' } // ActiveCampusAccount, DeleteUser (§4.2, §7.3)
  | { readonly kind: 'json' } // GetOnlineEquipmentList (§4.2)
  | { readonly kind: 'string' }; // not shown (§4.4): any string

export interface OperationContract {
  readonly name: string;
  readonly endpoint: EndpointId;
  /** Parameters in SOAP order (§4.1 rule 1). */
  readonly params: readonly ParamContract[];
  readonly auth: AuthKind;
  readonly result: ResultFormat;
  /** Changes state on the target (DESIGN.md, safety): only sent when mutations are allowed. */
  readonly mutates: boolean;
  /** The spec section that defines the operation. */
  readonly section: '4.2' | '4.3';
  readonly purpose: string;
}

const p = (name: string, type: SoapType, role: ParamRole, extra: Partial<ParamContract> = {}): ParamContract => ({
  name,
  type,
  role,
  ...extra,
});

const SiteID = p('SiteID', 'string', 'siteId');
const TimeSpan = p('TimeSpan', 'string', 'timeSpan');
const SignText = p('SignText', 'string', 'signature');
const signed = (param = 'SignText', recipeFromSpec = false): AuthKind => ({ kind: 'signature', param, recipeFromSpec });

export const OPERATIONS: readonly OperationContract[] = [
  {
    name: 'UserOffLine',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('Account', 'string', 'account'), p('IPAddress', 'string', 'ip', { mayBeEmpty: true }), SignText],
    auth: signed(),
    result: { kind: 'codeMessageJson' },
    mutates: true,
    section: '4.2',
    purpose: 'Forces a user offline.',
  },
  {
    name: 'GetIPUser',
    endpoint: 'net',
    params: [SiteID, p('TotpCode', 'string', 'totp'), p('data', 'string', 'ipLogQuery')],
    auth: { kind: 'totp', param: 'TotpCode' },
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: 'Finds the target user from the internet access log.',
  },
  {
    name: 'BindTelecomNet',
    endpoint: 'net',
    params: [
      SiteID,
      TimeSpan,
      SignText,
      p('uid', 'string', 'uid'),
      p('netUsername', 'string', 'carrierUser'),
      p('netPassword', 'string', 'carrierPassword'),
      p('action', 'int', 'enumText'),
      p('exTime', 'dateTime', 'dateTime'),
    ],
    auth: signed(),
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Binds a carrier broadband account to a user.',
  },
  {
    name: 'GetOnlineEquipmentList',
    endpoint: 'net',
    params: [
      SiteID,
      TimeSpan,
      p('Account', 'string', 'account', { mayBeEmpty: true }),
      p('IPAddress', 'string', 'ip', { mayBeEmpty: true }),
      p('MACAddress', 'string', 'mac', { mayBeEmpty: true }),
      SignText,
    ],
    auth: signed(),
    result: { kind: 'json' },
    mutates: false,
    section: '4.2',
    purpose: 'Lists online devices; at least one of Account, IPAddress, MACAddress must be passed.',
  },
  {
    name: 'SendIntranetMail',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('ToUID', 'string', 'uid'), p('mailTitle', 'string', 'text'), p('Content', 'string', 'text'), SignText],
    // §4.2 and §5.2 give this recipe: MD5(SiteID + TimeSpan + ToUID + Key).
    auth: signed('SignText', true),
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Sends an internal mail to the user ToUID.',
  },
  {
    name: 'ActiveCampusAccount',
    endpoint: 'net',
    params: [
      SiteID,
      TimeSpan,
      p('UID', 'string', 'uid'),
      p('运营商', 'int', 'carrier', { allowed: [1, 2, 3] }),
      p('Mobile', 'string', 'mobile'),
      SignText,
    ],
    auth: signed(),
    result: { kind: 'okOnSuccess' },
    mutates: true,
    section: '4.2',
    purpose: 'Activates the account in the campus network billing system.',
  },
  {
    name: 'UploadNetUserNumber',
    endpoint: 'net',
    params: [
      p('dateTime', 'dateTime', 'dateTime'),
      p('Telecom', 'int', 'count'),
      p('Unicom', 'int', 'count'),
      p('MobileCarrier', 'int', 'count'),
    ],
    auth: { kind: 'callerIp' },
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Reports the monthly user counts per carrier.',
  },
  {
    name: 'GetUserPackages',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('UID', 'string', 'uid'), p('signtext', 'string', 'signature')],
    auth: signed('signtext'),
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: "Returns the detail of the user's products and packages.",
  },
  {
    name: 'BindBYSTelecomNet',
    endpoint: 'net',
    params: [SiteID, TimeSpan, SignText, p('uid', 'string', 'uid')],
    auth: signed(),
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Concerns telecom broadband product 2.',
  },
  {
    name: 'SearchCampusUser',
    endpoint: 'net',
    params: [SiteID, TimeSpan, SignText, p('UID', 'string', 'uid')],
    auth: signed(),
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: 'Checks whether the user exists in the campus network billing system.',
  },
  {
    name: 'SetUser_Avaliable',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('Account', 'string', 'account'), p('avaliable', 'string', 'enumText'), SignText],
    auth: signed(),
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Sets the status of an account.',
  },
  {
    name: 'TryTelecomNetAAA',
    endpoint: 'net',
    params: [SiteID, TimeSpan, SignText, p('netUsername', 'string', 'carrierUser'), p('netPassword', 'string', 'carrierPassword')],
    auth: signed(),
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: 'Tests whether a carrier broadband account works.',
  },
  {
    name: 'GetUserInfo',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('Account', 'string', 'account'), SignText],
    auth: signed(),
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: 'Returns the detail of an authenticated user.',
  },
  {
    name: 'DeleteUser',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('UID', 'string', 'uid'), SignText],
    auth: signed(),
    result: { kind: 'okOnSuccess' },
    mutates: true,
    section: '4.2',
    purpose: 'Closes the account.',
  },
  {
    name: 'GetUserOnlineInfo',
    endpoint: 'net',
    params: [SiteID, TimeSpan, p('Account', 'string', 'account'), SignText],
    auth: signed(),
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: "Returns detailed information on the user's online devices.",
  },
  {
    name: 'UpdateIPv46Traffic',
    endpoint: 'net',
    params: [
      p('v4下行流量', 'double', 'traffic'),
      p('v4上行流量', 'double', 'traffic'),
      p('v6下行流量', 'double', 'traffic'),
      p('v6上行流量', 'double', 'traffic'),
    ],
    auth: { kind: 'none' },
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Uploads dual-stack traffic data.',
  },
  {
    name: 'BindTest',
    endpoint: 'net',
    params: [SiteID, p('Timespan', 'string', 'timeSpan'), p('UID', 'string', 'uid'), p('action', 'int', 'enumText'), p('signText', 'string', 'signature')],
    auth: signed('signText'),
    result: { kind: 'string' },
    // "A bind test": whether it binds is not shown, so it is treated as state-changing (safe side).
    mutates: true,
    section: '4.2',
    purpose: 'A bind test.',
  },
  {
    name: 'GetUserProductFromLog',
    endpoint: 'net',
    params: [p('uid', 'string', 'uid'), p('Product', 'string', 'enumText')],
    auth: { kind: 'none' },
    result: { kind: 'string' },
    mutates: false,
    section: '4.2',
    purpose: 'Returns the last carrier account information of the user, taken from the log.',
  },
  {
    name: 'UpdateADUser',
    endpoint: 'net',
    params: [p('UID', 'string', 'uid'), p('ProductID', 'int', 'productId')],
    auth: { kind: 'callerIp' },
    result: { kind: 'string' },
    mutates: true,
    section: '4.2',
    purpose: 'Updates the product information of the user.',
  },
  {
    name: 'SyncPhotoFromSourceToTarget',
    endpoint: 'bwc',
    params: [],
    auth: { kind: 'none' },
    result: { kind: 'string' },
    mutates: true,
    section: '4.3',
    purpose: 'Synchronises updated photos into the target system.',
  },
];

export const OPERATION_BY_NAME: ReadonlyMap<string, OperationContract> = new Map(OPERATIONS.map((o) => [o.name, o]));

export function operation(name: string): OperationContract {
  const op = OPERATION_BY_NAME.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}

/** The parameter that identifies the user: the default signature's principal (profile). */
export function principalParam(op: OperationContract): ParamContract | undefined {
  if (op.name === 'TryTelecomNetAAA') return op.params.find((x) => x.role === 'carrierUser');
  return op.params.find((x) => x.role === 'account' || x.role === 'uid');
}

export function signatureParam(op: OperationContract): string | undefined {
  return op.auth.kind === 'signature' ? op.auth.param : undefined;
}

export function timeSpanParam(op: OperationContract): ParamContract | undefined {
  return op.params.find((x) => x.role === 'timeSpan');
}
