/**
 * Test batches for media rules: the base message of a version (ERN 4.3 album, ERN 3.8.2 single)
 * in a temp folder (or zip) with generated media, edited per test, the MD5 sums in the message
 * refreshed for the files placed. `runMediaRule` runs the real engine with one rule on.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMediaFixtures } from '../../../../../fixtures/scripts/make-media-fixtures.mjs';
import { buildZip } from '../../../../../fixtures/scripts/make-bad-inputs.mjs';
import { validate } from '../../validate.js';
import { RULES } from '../../rules/registry.js';
import { edit } from '../../rules/testing/rule-tester.js';
import type { Check, Report } from '../../report/types.js';
import type { ValidateOptions } from '../../options.js';
import { trackRun } from '../../rules/testing/pin.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../fixtures');
const scriptPath = path.join(fixtures, 'scripts/make-media-fixtures.mjs');

let generated: Promise<Record<string, string>> | null = null;

/** Generated media, shared by every test file of a run (cached in the temp folder by script version). */
export function mediaFixtures(): Promise<Record<string, string>> {
  generated ??= (async () => {
    const version = createHash('md5').update(readFileSync(scriptPath)).digest('hex').slice(0, 10);
    const dir = path.join(os.tmpdir(), `ddex-check-media-fixtures-${version}`);
    if (!existsSync(path.join(dir, '.complete'))) {
      const staging = await mkdtemp(path.join(os.tmpdir(), 'ddex-check-media-staging-'));
      await makeMediaFixtures(staging);
      await writeFile(path.join(staging, '.complete'), '');
      await rename(staging, dir).catch(async () => rm(staging, { recursive: true, force: true })); // another worker won
    }
    const names = (await readdir(dir)).filter((n) => !n.startsWith('.'));
    return Object.fromEntries(names.map((n) => [n, path.join(dir, n)]));
  })();
  return generated;
}

export type MediaBaseVersion = '4.3' | '3.8.2';

const BASES: Record<MediaBaseVersion, { message: string; name: string; files: Record<string, string>; edits: [string, string][] }> = {
  '4.3': {
    message: path.join(fixtures, 'batches/album-43/5012345678900.xml'),
    name: '5012345678900.xml',
    files: {
      'resources/01_first_light.flac': path.join(fixtures, 'batches/album-43/resources/01_first_light.flac'),
      'resources/02_harbour_lights.flac': path.join(fixtures, 'batches/album-43/resources/02_harbour_lights.flac'),
      'resources/cover.jpg': path.join(fixtures, 'batches/album-43/resources/cover.jpg'),
    },
    edits: [],
  },
  '3.8.2': {
    message: path.join(fixtures, 'messages/single-382.xml'),
    name: '5012345678917.xml',
    files: {
      'resources/01_tidewater.flac': path.join(fixtures, 'batches/album-43/resources/01_first_light.flac'),
      'resources/cover.jpg': path.join(fixtures, 'batches/album-43/resources/cover.jpg'),
    },
    // The 3.8.2 single declares 3:12; the tone placed is 2 s long.
    edits: [['<Duration>PT3M12S</Duration>', '<Duration>PT0M2S</Duration>']],
  },
};

export interface MediaBatchSpec {
  version: MediaBaseVersion;
  edits?: readonly (readonly [string, string])[];
  /** Batch path -> generated fixture name, bytes, or null to leave the base file out. */
  files?: Record<string, string | Buffer | null>;
  /** Recompute the MD5 sums written in the message for the files placed (default true). */
  fixHashes?: boolean;
  zip?: boolean;
}

export interface MediaBatch {
  /** Folder or zip path to validate. */
  input: string;
  dir: string;
  xml: string;
  messageFile: string;
}

export async function makeMediaBatch(spec: MediaBatchSpec): Promise<MediaBatch> {
  const base = BASES[spec.version];
  const generatedFiles = await mediaFixtures();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddex-check-media-batch-'));
  const files: Record<string, string | Buffer | null> = { ...base.files, ...spec.files };
  for (const [rel, source] of Object.entries(files)) {
    if (source === null) continue;
    const target = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    if (Buffer.isBuffer(source)) await writeFile(target, source);
    else await cp(generatedFiles[source] ?? source, target);
  }
  let xml = edit(edit(readFileSync(base.message, 'utf8'), base.edits), spec.edits ?? []);
  if (spec.fixHashes !== false) {
    xml = xml.replace(/(<URI>([^<]+)<\/URI>\s*<HashSum>\s*<Algorithm>MD5<\/Algorithm>\s*<HashSumValue>)[0-9a-f]{32}(<\/HashSumValue>)/g, (all, before: string, uri: string, after: string) => {
      const file = path.join(dir, ...uri.split('/'));
      return existsSync(file) ? `${before}${createHash('md5').update(readFileSync(file)).digest('hex')}${after}` : all;
    });
  }
  await writeFile(path.join(dir, base.name), xml);
  if (!spec.zip) return { input: dir, dir, xml, messageFile: base.name };
  const entries: { name: string; data: Buffer }[] = [];
  const walk = async (sub: string) => {
    for (const item of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${item.name}` : item.name;
      if (item.isDirectory()) await walk(rel);
      else entries.push({ name: rel, data: await readFile(path.join(dir, rel)) });
    }
  };
  await walk('');
  const zipPath = path.join(dir, 'delivery.zip');
  await writeFile(zipPath, await buildZip(entries));
  return { input: zipPath, dir, xml, messageFile: base.name };
}

export interface MediaRuleRun {
  batch: MediaBatch;
  report: Report;
  findings: Check[];
  all: Check[];
}

/** Validates the batch with only `ruleId` on; fails on a rule that crashed. */
export async function runMediaRule(ruleId: string, spec: MediaBatchSpec & Pick<ValidateOptions, 'deep' | 'profile' | 'measure'> & { lone?: boolean; options?: Record<string, unknown> }): Promise<MediaRuleRun> {
  const rule = RULES.find((r) => r.id === ruleId);
  if (!rule) throw new Error(`unknown rule ${ruleId}`);
  const batch = await makeMediaBatch(spec);
  const rules: ValidateOptions['rules'] = Object.fromEntries(RULES.map((r) => [r.id, 'off']));
  rules[ruleId] = [rule.meta.severity, spec.options ?? {}];
  const input = spec.lone ? path.join(batch.dir, batch.messageFile) : batch.input;
  const report = await validate(input, { rules, deep: spec.deep, profile: spec.profile, measure: spec.measure });
  const all = report.checks.filter((c) => c.rule === ruleId);
  const broken = all.filter((c) => /failed internally/.test(c.message));
  if (broken.length) throw new Error(`rule run failed: ${broken.map((c) => c.message).join('; ')}`);
  await rm(batch.dir, { recursive: true, force: true });
  const run = { batch, report, findings: all.filter((c) => c.status !== 'pass'), all };
  trackRun(run, batch.xml);
  return run;
}

export interface VideoDeclaration {
  codec?: string;
  width?: number;
  height?: number;
  duration?: string;
  frameRate?: number;
}

/** Edits adding a music video resource (A9, file resources/clip.mp4) to the base message of a version. */
export function videoEdits(version: MediaBaseVersion, d: VideoDeclaration = {}): [string, string][] {
  const { codec = 'AVC', width = 1280, height = 720, duration = 'PT0M1S', frameRate } = d;
  const rate = frameRate === undefined ? '' : `<FrameRate>${frameRate}</FrameRate>`;
  if (version === '4.3') {
    return [[
      '  </ResourceList>',
      `    <Video>
      <ResourceReference>A9</ResourceReference>
      <Type>ShortFormMusicalWorkVideo</Type>
      <VideoEdition>
        <ResourceId>
          <ISRC>GBXYZ2600009</ISRC>
        </ResourceId>
        <TechnicalDetails>
          <TechnicalResourceDetailsReference>T9</TechnicalResourceDetailsReference>
          <DeliveryFile>
            <Type>VideoFile</Type>
            <VideoCodecType>${codec}</VideoCodecType>${rate}
            <ImageHeight>${height}</ImageHeight>
            <ImageWidth>${width}</ImageWidth>
            <File>
              <URI>resources/clip.mp4</URI>
            </File>
          </DeliveryFile>
        </TechnicalDetails>
      </VideoEdition>
      <DisplayTitleText>First Light (video)</DisplayTitleText>
      <Duration>${duration}</Duration>
    </Video>
  </ResourceList>`,
    ]];
  }
  return [[
    '  </ResourceList>',
    `    <Video>
      <VideoType>ShortFormMusicalWorkVideo</VideoType>
      <VideoId>
        <ISRC>GBXYZ2600019</ISRC>
      </VideoId>
      <ResourceReference>A9</ResourceReference>
      <ReferenceTitle>
        <TitleText>Tidewater (video)</TitleText>
      </ReferenceTitle>
      <Duration>${duration}</Duration>
      <VideoDetailsByTerritory>
        <TerritoryCode>Worldwide</TerritoryCode>
        <TechnicalVideoDetails>
          <TechnicalResourceDetailsReference>T9</TechnicalResourceDetailsReference>
          <VideoCodecType>${codec}</VideoCodecType>${rate}
          <ImageHeight>${height}</ImageHeight>
          <ImageWidth>${width}</ImageWidth>
          <File>
            <FileName>clip.mp4</FileName>
            <FilePath>resources</FilePath>
          </File>
        </TechnicalVideoDetails>
      </VideoDetailsByTerritory>
    </Video>
  </ResourceList>`,
  ]];
}
