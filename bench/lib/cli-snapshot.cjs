// A V8 startup snapshot of the loaded CLI, for startup-bench's "snapshot" rows (issue 48): not what
// the bin runs, a measurement of what a snapshot would gain. Built with
//   node --snapshot-blob FILE --build-snapshot bench/lib/cli-snapshot.cjs
// with DDEX_BUNDLE (apps/cli/dist/bundle/run.cjs) and, for a warm snapshot, DDEX_WARM (a message the
// CLI checks once while the snapshot is built, so the functions that run compiles are in it), then
// run as `node --snapshot-blob FILE <the CLI's arguments>`. A snapshot is only read by the very Node
// binary that built it, and only through the command line: the bin, started by `node`, cannot use
// one without starting a second Node.
const v8 = require('node:v8');
const vm = require('node:vm');
const path = require('node:path');
const { readFileSync } = require('node:fs');
const Module = require('node:module');

const file = process.env.DDEX_BUNDLE;
const wrapper = vm.runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file });
const cli = { exports: {} };
wrapper.call(cli.exports, cli.exports, require, cli, file, path.dirname(file));

// Started from a snapshot, Node gives the arguments from argv[1] on (no script name).
v8.startupSnapshot.setDeserializeMainFunction(async () => {
  process.exit(await cli.exports.run(process.argv.slice(1)));
});

if (process.env.DDEX_WARM) {
  cli.exports.run([process.env.DDEX_WARM, '-f', 'json', '-o', process.platform === 'win32' ? 'NUL' : '/dev/null', '-q']).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
