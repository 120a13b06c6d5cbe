/** The hash sum declared for a file matches the file's bytes (MD5, SHA-1, SHA-2, SHA-3, RMD160, CRC32, MD4). */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { hashMatches, normalizeHashValue, resolveAlgorithm } from '../../../media/hash-algorithms.js';
import { avs, xsd } from '../../sources.js';

export default defineRule({
  id: 'package-file-hash',
  stage: 'package',
  meta: {
    label: 'Hash sums match',
    description: 'The hash sum declared for each file (HashSum) matches the file as delivered.',
    sources: [
      xsd('4.3', 'File/HashSum (DetailedHashSum)'),
      avs('HashSumAlgorithmType (ERN 3: 5 values, ERN 4: 16 values)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      mismatch: 'The {algorithm} hash sum declared for "{file}" (resource {resource}) is {declared}, but the file\'s is {actual}.',
      malformed: 'The {algorithm} hash sum declared for "{file}" (resource {resource}) is "{declared}", which is not a hexadecimal digest.',
      unsupported: 'The hash sum of "{file}" (resource {resource}) was not checked: {reason}.',
      ...ALONE_MESSAGE,
    },
    hint: {
      mismatch: 'The file was changed or damaged after its hash was computed: deliver the right file, or write the hash of the file delivered.',
      malformed: 'Write the digest in hexadecimal (e.g. 32 hex digits for MD5).',
      unsupported: 'Declare MD5, SHA1 or SHA-256 so the file can be verified.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, 'all')) {
          const hash = file.hash;
          if (!hash || (!hash.value.trim() && !hash.algorithm.trim())) continue;
          const data = { file: entry.path, resource: reference ?? '(no reference)', algorithm: hash.algorithm || '(none)', declared: hash.value.trim() };
          const at = { loc: hash.loc, resource: reference };
          const resolved = resolveAlgorithm(hash.algorithm, hash.value);
          if ('unsupported' in resolved) {
            ctx.skip({ messageId: 'unsupported', data: { ...data, reason: resolved.unsupported }, ...at });
            continue;
          }
          if (normalizeHashValue(hash.value) === null) {
            ctx.report({ messageId: 'malformed', data, ...at });
            continue;
          }
          const actual = facts.hashes[resolved.digest];
          if (actual !== undefined && !hashMatches(hash.value, actual)) ctx.report({ messageId: 'mismatch', data: { ...data, actual }, ...at });
        }
      },
    };
  },
});
