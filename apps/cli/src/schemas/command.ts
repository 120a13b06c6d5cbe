/** The `schemas` command group: `schemas pull [VERSION…] [--from URL]` and `schemas list`. */
import { Command } from 'commander';
import { SchemaStore, userCacheDir } from '@ddex-check/engine';
import { writeOut, type CliIo } from '../io.js';
import { EXIT, UsageError } from '../usage-error.js';
import { PullError } from './crawl.js';
import { formatListing, listSchemas } from './list.js';
import { pullSchemas } from './pull.js';
import { DEFAULT_VERSIONS, isVersionName, officialUrl } from './versions.js';

export function schemasCommand(io: CliIo, setCode: (code: number) => void): Command {
  const schemas = new Command('schemas').description("install and list DDEX's XSD sets (schema validation needs them; they are not shipped)");

  schemas
    .command('pull')
    .description(`download ERN XSD sets into the user cache (default: ${DEFAULT_VERSIONS.join(', ')})`)
    .argument('[versions...]', 'ERN versions, e.g. 4.3 3.8.2')
    .option('--from <url>', 'mirror base URL serving <url>/ern-<version>/<file> instead of ddex.net')
    .addHelpText(
      'after',
      `
The files are kept as served, with a manifest of their addresses and sha256 hashes, in
  ${userCacheDir(io.env)}
(XDG_CACHE_HOME/ddex-check/schemas; ~/Library/Caches on macOS; %LOCALAPPDATA% on Windows).
DDEX licenses its schemas: see https://ddex.net for the terms.

Examples:
  $ ddex-check schemas pull 4.3            # from ${officialUrl('4.3')}
  $ ddex-check schemas pull                # every version ddex-check reads
  $ ddex-check schemas pull 4.3 3.8.2 --from https://mirror.example.com/ddex`,
    )
    .action(async (versions: string[], opts: { from?: string }) => {
      const wanted = versions.length > 0 ? versions : [...DEFAULT_VERSIONS];
      const bad = wanted.find((v) => !isVersionName(v));
      if (bad) throw new UsageError(`"${bad}" is not an ERN version (write it like 4.3 or 3.8.2)`);
      if (opts.from) {
        try {
          const url = new URL(opts.from);
          if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
        } catch {
          throw new UsageError(`--from must be an http or https URL, not "${opts.from}"`);
        }
      }
      const cacheDir = userCacheDir(io.env);
      let failed = 0;
      for (const version of wanted) {
        try {
          const manifest = await pullSchemas({ version, cacheDir, from: opts.from });
          const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
          await writeOut(io.stdout, `ERN ${version}: ${manifest.files.length} files (${bytes} bytes) from ${manifest.files[0].url}\n`);
        } catch (error) {
          if (!(error instanceof PullError)) throw error;
          failed++;
          await writeOut(io.stderr, `ddex-check: ERN ${version} not installed: ${error.message}\n`);
        }
      }
      await writeOut(io.stdout, `into ${cacheDir}\n`);
      setCode(failed > 0 ? EXIT.usage : EXIT.ok);
    });

  schemas
    .command('list')
    .description('show the installed XSD sets and where they come from (--schemas DIR, DDEX_SCHEMAS_DIR, cache)')
    .option('--schemas <dir>', 'also search this folder first, as the main command would')
    .option('--json', 'print the listing as JSON')
    .addHelpText('after', '\nExamples:\n  $ ddex-check schemas list\n  $ ddex-check schemas list --json')
    .action(async (opts: { schemas?: string; json?: boolean }) => {
      const listing = await listSchemas(new SchemaStore({ dir: opts.schemas }));
      await writeOut(io.stdout, opts.json ? JSON.stringify(listing, null, 2) + '\n' : formatListing(listing));
      setCode(EXIT.ok);
    });

  return schemas;
}
