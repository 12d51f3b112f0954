// The configuration file's schema. zod is the single source: the TypeScript types, the validation
// with its error messages, and the published JSON Schema (config/config.schema.json) all come from here.
import { z } from 'zod';

const hashName = z.enum(['md5', 'sha1', 'sha256']).describe('Hash function of the signature');
const hexCase = z.enum(['lower', 'upper']).describe('Case of the hexadecimal digest');

const recipe = z
  .object({
    params: z
      .array(z.string().min(1))
      .describe('Ordered parameter names whose values are concatenated, before the shared key'),
    hash: hashName.optional(),
    hexCase: hexCase.optional(),
  })
  .strict();

const localAddress = z
  .union([z.ipv4(), z.ipv6()])
  .describe('A local address of this machine to send from (e.g. 127.0.0.2)');

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    target: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Base URL of the service under test; omitted: the embedded reference implementation'),
    paths: z
      .object({
        net: z.string().regex(/^\//, 'must start with /').optional().describe('Network endpoint path (spec §4.1: /API/net.asmx)'),
        bwc: z.string().regex(/^\//, 'must start with /').optional().describe('Security-office endpoint path (spec §4.1: /API/BWC.asmx)'),
      })
      .strict()
      .optional(),
    securityOfficeNamespace: z
      .string()
      .min(1)
      .optional()
      .describe('Namespace of the security-office endpoint; default `{base_url}/` (spec §4.1)'),
    siteId: z.string().optional().describe('SiteID issued to the caller (spec §5.8 leaves issuance open)'),
    sharedKey: z.string().optional().describe('Shared signing key: a secret, never reported. Use ${ENV_VAR}.'),
    totp: z
      .object({
        secret: z
          .string()
          .regex(/^[A-Z2-7]+=*$/i, 'must be base32 (A-Z, 2-7)')
          .optional()
          .describe('TOTP secret in base32: a secret, never reported'),
        digits: z.union([z.literal(6), z.literal(7), z.literal(8)]).optional(),
        period: z.number().int().positive().optional().describe('Seconds per TOTP step'),
        algorithm: z.enum(['sha1', 'sha256', 'sha512']).optional(),
      })
      .strict()
      .optional(),
    timeSpan: z
      .object({
        format: z
          .string()
          .regex(/^(unix-seconds|unix-millis|[yMdHms\-: /.T]+)$/, 'must be unix-seconds, unix-millis or a date pattern such as yyyyMMddHHmmss')
          .optional(),
        utcOffsetMinutes: z.number().int().min(-840).max(840).optional().describe('Time zone of date patterns (e.g. 480 for UTC+8)'),
        windowSeconds: z.number().int().positive().optional().describe('Validity window the embedded reference enforces'),
      })
      .strict()
      .optional(),
    signature: z
      .object({
        default: recipe.partial().optional().describe('Recipe for every signed operation without its own entry'),
        operations: z.record(z.string(), recipe).optional().describe('Per-operation recipes'),
      })
      .strict()
      .optional(),
    fixtures: z
      .object({
        accounts: z.array(z.string()).min(1).optional(),
        uids: z.array(z.string()).min(1).optional(),
        carrierAccounts: z
          .array(z.object({ username: z.string(), password: z.string() }).strict())
          .min(1)
          .optional()
          .describe('Carrier broadband accounts; passwords are secrets, never reported'),
        ips: z.array(z.union([z.ipv4(), z.ipv6()])).min(1).optional(),
        macs: z.array(z.string()).min(1).optional(),
        mobiles: z.array(z.string()).min(1).optional(),
        actions: z.array(z.number().int()).min(1).optional().describe('Values of `action` to send (spec §4.4: not shown)'),
        availability: z.array(z.string()).min(1).optional().describe('Values of `avaliable` to send (spec §4.4: not shown)'),
        products: z.array(z.string()).min(1).optional().describe('Values of `Product` to send (spec §4.4: not shown)'),
        productIds: z.array(z.number().int()).min(1).optional().describe('Values of `ProductID` to send (spec §4.4: not shown)'),
      })
      .strict()
      .optional(),
    allowMutations: z.boolean().optional().describe('Send state-changing operations to a real target (default false)'),
    ipCheck: z
      .object({ allowedSource: localAddress.optional(), deniedSource: localAddress.optional() })
      .strict()
      .optional(),
    bindings: z.array(z.enum(['soap11', 'soap12', 'get', 'post'])).min(1).optional(),
    operations: z.array(z.string()).min(1).optional(),
    runs: z.number().int().min(1).max(100000).optional().describe('Generated cases per operation and binding'),
    seed: z.number().int().optional(),
    timeoutMs: z.number().int().positive().optional().describe('Per-request timeout'),
    maxResponseBytes: z.number().int().positive().optional(),
    concurrency: z.number().int().min(1).max(256).optional(),
    rateLimit: z
      .number()
      .positive()
      .max(10000)
      .optional()
      .describe('Requests per second, at most, over the whole run (all operations and bindings); default unlimited'),
    strict: z.boolean().optional().describe('SHOULD-level failures fail the run too'),
  })
  .strict();

export type ConfigFile = z.infer<typeof configSchema>;
