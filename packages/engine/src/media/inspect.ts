/**
 * IN PROGRESS (issue 4, media helper): inspects every media file the messages reference, once.
 * Until the media stage lands this only resolves references, so media rules see no facts.
 */
import path from 'node:path';
import type { Batch } from '../batch/types.js';
import type { ErnMessage, ResourceFile } from '../ern/model.js';
import type { Profile } from '../profile/types.js';
import type { ProgressEvent } from '../options.js';
import type { MediaAccess } from './types.js';

export interface InspectMediaInput {
  batch: Batch;
  messages: readonly { file: string; message: ErnMessage }[];
  deep: boolean;
  profile: Profile;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

export async function inspectMedia(input: InspectMediaInput): Promise<MediaAccess> {
  const byPath = new Map(input.batch.entries.map((e) => [e.path, e]));
  const isRemote = (file: ResourceFile) => /^[a-z][a-z0-9+.-]*:/i.test(file.uri);
  return {
    deep: input.deep,
    isRemote,
    resolve: (file, messageFile) => (isRemote(file) ? null : (byPath.get(path.posix.normalize(path.posix.join(path.posix.dirname(messageFile), file.uri))) ?? null)),
    facts: () => undefined,
  };
}
