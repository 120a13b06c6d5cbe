#!/usr/bin/env node
// Reads a StrykerJS JSON report of rule files (scripts/mutation.sh) and prints, per rule, the
// share of mutants its tests kill where they matter most to a user: the finding's location (a
// `loc:` property anywhere in the rule, a `ctx.report` call's location fields, spreads of them)
// and its message (meta.messages and meta.hint, a report's messageId and data), beside all the
// rule's mutants. A mutant survives when the tests pass with it (or none covers it).
// Usage: node scripts/mutation-summary.mjs REPORT.json [--require-location]
//   --require-location: exit 1 when a location mutant of any rule survives.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const [reportFile, ...flags] = process.argv.slice(2);
if (!reportFile) {
  console.error('usage: node scripts/mutation-summary.mjs REPORT.json [--require-location]');
  process.exit(2);
}
const requireLocation = flags.includes('--require-location');
const report = JSON.parse(readFileSync(reportFile, 'utf8'));

/** The finding's location in a report call: where it points and which release or resource it names. */
const LOCATION_KEYS = new Set(['loc', 'release', 'resource', 'file']);
const MESSAGE_KEYS = new Set(['messageId', 'data']);

/** Spans [start, end) of a rule's source that are its findings' locations and its messages. */
function spans(source) {
  const sf = ts.createSourceFile('rule.ts', source, ts.ScriptTarget.Latest, true);
  const location = [];
  const message = [];
  const add = (list, node) => list.push([node.getStart(sf), node.getEnd()]);
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const name = node.name.getText(sf);
      if (name === 'loc') add(location, node);
      if ((name === 'messages' || name === 'hint') && node.parent.parent && ts.isPropertyAssignment(node.parent.parent) && node.parent.parent.name.getText(sf) === 'meta') add(message, node);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'report') {
      const [arg] = node.arguments;
      if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const p of arg.properties) {
          // `...at`: the rules spread a prepared { loc, resource } into their report calls.
          if (ts.isSpreadAssignment(p)) add(location, p);
          else if (p.name && LOCATION_KEYS.has(p.name.getText(sf))) add(location, p);
          else if (p.name && MESSAGE_KEYS.has(p.name.getText(sf))) add(message, p);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { location, message };
}

/** Offset of a Stryker position (line and column from 1). */
function offsetOf(lineStarts, { line, column }) {
  return lineStarts[line - 1] + column - 1;
}

const KILLED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
let locationSurvivors = 0;
const rows = [];
const survivors = [];
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const rule = /rules\/[^/]+\/([^/]+)\//.exec(file)?.[1] ?? file;
  const { location, message } = spans(source);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const tally = { location: [0, 0], message: [0, 0], all: [0, 0] };
  for (const m of mutants) {
    if (!COUNTED.has(m.status)) continue; // compile errors and ignored mutants say nothing of the tests
    const start = offsetOf(lineStarts, m.location.start);
    const end = offsetOf(lineStarts, m.location.end);
    const within = (list) => list.some(([s, e]) => start >= s && end <= e);
    const killed = KILLED.has(m.status) ? 1 : 0;
    const kinds = ['all'];
    if (within(location)) kinds.push('location');
    else if (within(message)) kinds.push('message');
    for (const k of kinds) {
      tally[k][0] += killed;
      tally[k][1] += 1;
    }
    if (!killed && kinds.length > 1) {
      if (kinds[1] === 'location') locationSurvivors++;
      const original = source.slice(start, end).replace(/\s+/g, ' ');
      survivors.push(`  ${kinds[1]} ${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} (${m.status}): ${original.slice(0, 80)} -> ${String(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}`);
    }
  }
  rows.push({ rule, tally });
}

const share = ([killed, total]) => (total ? `${killed}/${total} (${Math.round((100 * killed) / total)}%)` : '-');
console.log('rule | location mutants killed | message mutants killed | all mutants killed');
for (const { rule, tally } of rows.sort((a, b) => a.rule.localeCompare(b.rule))) {
  console.log(`${rule} | ${share(tally.location)} | ${share(tally.message)} | ${share(tally.all)}`);
}
const total = (k) => rows.reduce((acc, r) => [acc[0] + r.tally[k][0], acc[1] + r.tally[k][1]], [0, 0]);
console.log(`all ${rows.length} rule(s) | ${share(total('location'))} | ${share(total('message'))} | ${share(total('all'))}`);
if (survivors.length) console.log(`surviving location and message mutants:\n${survivors.join('\n')}`);
if (requireLocation && locationSurvivors) {
  console.error(`${locationSurvivors} location mutant(s) survived: a rule's tests do not pin where its findings point`);
  process.exitCode = 1;
}
