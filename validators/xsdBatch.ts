// XML Schema validation of many responses in one Java run. Starting a JVM costs ~150 ms, so the
// responses of a whole run are written as the items of one batch document (contracts/xsd.ts,
// batch.xsd) and validated together; Java's line numbers map each message back to its item.
// Identical documents are validated once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateXML } from 'xsd-schema-validator';
import { BATCH_SCHEMA_FILE, batchDocument, parseValidatorMessages, xsdFiles } from '../contracts/xsd.ts';
import { serializeOneLine, type XmlElement } from './xml.ts';

export type XsdVerdict = { readonly valid: boolean; readonly messages: readonly string[] } | { readonly error: string };

export class XsdBatch {
  private readonly index = new Map<string, number>();
  private readonly items: string[] = [];

  /** Queues a parsed document; returns a handle to read its verdict after `validate`. */
  add(root: XmlElement): number {
    const line = serializeOneLine(root);
    let i = this.index.get(line);
    if (i === undefined) {
      i = this.items.length;
      this.items.push(line);
      this.index.set(line, i);
    }
    return i;
  }

  get size(): number {
    return this.items.length;
  }

  /** Validates every queued document in one Java run; verdicts are indexed by handle. */
  async validate(securityOfficeNamespace: string): Promise<XsdVerdict[]> {
    if (this.items.length === 0) return [];
    const dir = await mkdtemp(join(tmpdir(), 'campusnet-xsd-'));
    try {
      for (const [name, text] of Object.entries(xsdFiles({ securityOfficeNamespace }))) await writeFile(join(dir, name), text);
      const batch = batchDocument(this.items);
      const docFile = join(dir, 'batch.xml');
      await writeFile(docFile, batch.xml);
      let messages: string[] = [];
      try {
        await validateXML({ file: docFile }, join(dir, BATCH_SCHEMA_FILE));
      } catch (e) {
        const err = e as Error & { messages?: string[] };
        if (!err.messages) return this.items.map(() => ({ error: err.message.split('\n')[0] }));
        messages = err.messages;
      }
      const perItem = this.items.map(() => [] as string[]);
      for (const m of parseValidatorMessages(messages)) {
        const item = m.line === undefined ? undefined : batch.itemAtLine(m.line);
        // Items are re-serialised from parsed trees, so they are well-formed: a message that does
        // not map to an item is a problem of the batch itself, which is the suite's error.
        if (item === undefined) return this.items.map(() => ({ error: `schema validation failed outside any response: ${m.text}` }));
        perItem[item].push(m.text.replace(/^cvc-[\w.-]+: /, ''));
      }
      return perItem.map((msgs) => ({ valid: msgs.length === 0, messages: msgs }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
