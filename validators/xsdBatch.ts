// XML Schema validation of many responses in one Java run. Starting a JVM and compiling the
// schemas costs about a second here, so one Java process is started when the run starts and the
// documents are streamed into it as the answers arrive, as the items of one batch document
// (contracts/xsd.ts, batch.xsd); its line numbers map each message back to its item. Identical
// documents are validated once. The JVM's start-up thus overlaps the sending.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { validateXML } from 'xsd-schema-validator';
import { BATCH_NAMESPACE, BATCH_SCHEMA_FILE, parseValidatorMessages, xsdFiles } from '../contracts/xsd.ts';
import { serializeOneLine, type XmlElement } from './xml.ts';

const lines = new WeakMap<XmlElement, string>();

export type XsdVerdict = { readonly valid: boolean; readonly messages: readonly string[] } | { readonly error: string };

export class XsdBatch {
  private readonly index = new Map<string, number>();
  private count = 0;
  private stream?: PassThrough;
  private running?: Promise<string[] | { error: string }>;
  private dir?: string;

  /** `securityOfficeNamespace` decides the schema of the security-office endpoint (§4.1). */
  constructor(private readonly securityOfficeNamespace: string) {}

  /** Starts Java on the schemas, reading the batch as it is written. */
  private start(): PassThrough {
    this.dir = mkdtempSync(join(tmpdir(), 'campusnet-xsd-'));
    for (const [name, text] of Object.entries(xsdFiles({ securityOfficeNamespace: this.securityOfficeNamespace }))) writeFileSync(join(this.dir, name), text);
    const stream = new PassThrough();
    // Line 1 opens the batch; item i (from 0) is line i + 2, since items are one line each.
    stream.write(`<b:batch xmlns:b="${BATCH_NAMESPACE}">\n`);
    this.running = validateXML(stream, join(this.dir, BATCH_SCHEMA_FILE)).then(
      () => [],
      (e: Error & { messages?: string[] }) => (e.messages ? e.messages : { error: e.message.split('\n')[0] }),
    );
    return stream;
  }

  /** Queues a parsed document; returns a handle to read its verdict after `validate`. */
  add(root: XmlElement): number {
    // Equal answers share one parsed tree (validators/xml.ts), so each is serialised once.
    let line = lines.get(root);
    if (line === undefined) lines.set(root, (line = serializeOneLine(root)));
    let i = this.index.get(line);
    if (i === undefined) {
      i = this.count++;
      this.index.set(line, i);
      this.stream ??= this.start();
      this.stream.write(`<b:item>${line}</b:item>\n`);
    }
    return i;
  }

  get size(): number {
    return this.count;
  }

  /** Closes the batch and returns the verdicts, indexed by handle. */
  async validate(): Promise<XsdVerdict[]> {
    if (!this.stream) return [];
    this.stream.end('</b:batch>\n');
    try {
      const outcome = await this.running!;
      if (!Array.isArray(outcome)) return Array.from({ length: this.count }, () => outcome);
      const perItem = Array.from({ length: this.count }, () => [] as string[]);
      for (const m of parseValidatorMessages(outcome)) {
        const item = m.line === undefined ? -1 : m.line - 2;
        // Items are re-serialised from parsed trees, so they are well-formed: a message that does
        // not map to an item is a problem of the batch itself, which is the suite's error.
        if (item < 0 || item >= this.count) return perItem.map(() => ({ error: `schema validation failed outside any response: ${m.text}` }));
        perItem[item].push(m.text.replace(/^cvc-[\w.-]+: /, ''));
      }
      return perItem.map((msgs) => ({ valid: msgs.length === 0, messages: msgs }));
    } finally {
      rmSync(this.dir!, { recursive: true, force: true });
    }
  }
}
