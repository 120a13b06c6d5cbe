/**
 * Reads every ERN message of a delivery (a folder, a zip or an .xml) into the engine's model with
 * the streaming pass and the ERN reader alone: no rule, no schema validation. For the views that
 * ask the model a question (availability, diff). A message that cannot be read (not XML, not an
 * ERN 3.7-4.3 root) is an error naming the file, never a partial model.
 */
import { openBatch, BatchError } from '../batch/index.js';
import { createErnReader, wantsRecordStore, type ErnReader } from '../ern/reader.js';
import type { ErnMessage } from '../ern/model.js';
import { runMessagePass } from '../xml/pass.js';
import { ERN_ROOTS, versionNameOfNamespace, versionOfNamespace } from '../xml/version.js';

export interface ReadModel {
  /** The message as the user named it: the input for a lone .xml, else the input joined with the path inside the delivery. */
  file: string;
  message: ErnMessage;
}

/** A delivery or a message in it that cannot be read as ERN: `file` names it. */
export class UnreadableMessageError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'UnreadableMessageError';
  }
}

export interface ReadModelsOptions {
  /** Called for each message once read; when given, the models are not kept (`readModels` returns none). */
  each?: (model: ReadModel) => void | Promise<void>;
  /** Refuse messages larger than this many bytes (the caller's memory budget). */
  maxMessageBytes?: number;
}

/** Reads the delivery at `input`; throws `UnreadableMessageError` (or BatchError for a path that is missing or unreadable). */
export async function readModels(input: string, options: ReadModelsOptions = {}): Promise<ReadModel[]> {
  const batch = await openBatch(input).catch((error: unknown) => {
    if (error instanceof BatchError && (error.code === 'not_found' || error.code === 'permission')) throw error;
    throw new UnreadableMessageError(`${input}: ${(error as Error).message}`, input);
  });
  const out: ReadModel[] = [];
  try {
    if (batch.messages.length === 0) throw new UnreadableMessageError(`${input}: no ERN message found`, input);
    for (const entry of batch.messages) {
      const where = batch.messageOnly ? input : `${input}: ${entry.path}`;
      if (options.maxMessageBytes !== undefined && entry.size > options.maxMessageBytes) {
        throw new UnreadableMessageError(`${where}: ${entry.size} bytes, above the limit of ${options.maxMessageBytes} bytes for this command`, entry.path);
      }
      let reader: ErnReader | null = null;
      let refused: string | null = null;
      const pass = await runMessagePass(await entry.open(), (root) => {
        if (!root) return { listeners: [] };
        const version = versionOfNamespace(root.ns);
        if (!(ERN_ROOTS as readonly string[]).includes(root.name) || !version) {
          refused = `not an ERN 3.7-4.3 message (root ${root.name}${root.ns ? ` in ${versionNameOfNamespace(root.ns) ? `ERN ${versionNameOfNamespace(root.ns)}` : root.ns}` : ', no namespace'})`;
          return { listeners: [] };
        }
        reader = createErnReader({ version, root, store: wantsRecordStore(entry.size) });
        return { listeners: [reader.listener] };
      }, { parseThread: entry.size, file: entry.file });
      // A root refused stops the pass at once: its reason comes before the pass's.
      if (refused) throw new UnreadableMessageError(`${where}: ${refused}`, entry.path);
      if (pass.fatal) throw new UnreadableMessageError(`${where}: not well-formed XML${pass.fatal.line ? ` at line ${pass.fatal.line}` : ''}: ${pass.fatal.message}`, entry.path);
      if (!reader) throw new UnreadableMessageError(`${where}: no root element`, entry.path);
      const failure = pass.listenerFailures[0];
      if (failure) throw new UnreadableMessageError(`${where}: the ERN reader failed at ${failure.path} (line ${failure.line}): ${failure.error.split('\n')[0]}`, entry.path);
      const model = { file: batch.messageOnly ? input : `${input.replace(/[\\/]+$/, '')}/${entry.path}`, message: (reader as ErnReader).finish() };
      if (options.each) await options.each(model);
      else out.push(model);
    }
  } finally {
    await batch.close();
  }
  return out;
}
