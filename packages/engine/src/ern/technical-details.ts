/**
 * Technical details of a resource, in every shape: 3.x `<X>DetailsByTerritory/Technical<X>Details`,
 * 4.1/4.2 `TechnicalDetails`, 4.3 `SoundRecordingEdition|VideoEdition/TechnicalDetails/DeliveryFile`
 * (the same fields one level down) and 4.3 image/text `TechnicalDetails`. Video frames go to
 * `videoWidth/Height` (they are written as ImageWidth/ImageHeight); a video's audio codec is left out.
 */
import type { ClosedElement, OpenElement } from '../xml/events.js';
import type { ResourceKind, TechnicalDetails } from './model.js';
import { Table, under, type Dispatcher, type Rules } from './dispatch.js';
import { openFile } from './files.js';
import { locOf, toBool, toInt, toNumber } from './values.js';

interface TechDraft {
  td: TechnicalDetails;
  video: boolean;
}

const measured = (el: ClosedElement) => {
  const value = toNumber(el.text);
  return value === null ? null : { value, unit: el.attrs.UnitOfMeasure ?? null };
};

const channels = (el: ClosedElement, t: TechDraft) => {
  t.td.numberOfChannels = toInt(el.text);
  t.td.numberOfChannelsText = el.text;
};

/** Fields that sit directly in the details, or (4.3 audio/video) in its DeliveryFile. */
const FIELDS: Rules<TechDraft> = {
  AudioCodecType: { close: (el, t) => { if (!t.video) t.td.codec ??= el.text; } },
  VideoCodecType: { close: (el, t) => { t.td.codec ??= el.text; } },
  ImageCodecType: { close: (el, t) => { t.td.codec ??= el.text; } },
  TextCodecType: { close: (el, t) => { t.td.codec ??= el.text; } },
  SheetMusicCodecType: { close: (el, t) => { t.td.codec ??= el.text; } },
  ContainerFormat: { close: (el, t) => { t.td.container ??= el.text; } },
  NumberOfChannels: { close: channels },
  NumberOfAudioChannels: { close: channels },
  SamplingRate: { close: (el, t) => { t.td.samplingRate = measured(el); } },
  AudioSamplingRate: { close: (el, t) => { t.td.samplingRate ??= measured(el); } },
  BitsPerSample: { close: (el, t) => { t.td.bitsPerSample = toInt(el.text); } },
  AudioBitsPerSample: { close: (el, t) => { t.td.bitsPerSample ??= toInt(el.text); } },
  BitRate: { close: (el, t) => { t.td.bitRate = measured(el); } },
  VideoBitRate: { close: (el, t) => { t.td.bitRate = measured(el); } },
  Duration: { close: (el, t) => { t.td.duration = el.text; } },
  ImageWidth: { close: (el, t) => { if (t.video) t.td.videoWidth = toInt(el.text); else t.td.imageWidth = toInt(el.text); } },
  ImageHeight: { close: (el, t) => { if (t.video) t.td.videoHeight = toInt(el.text); else t.td.imageHeight = toInt(el.text); } },
  ImageResolution: { close: (el, t) => { t.td.imageResolution = toInt(el.text); } },
  FrameRate: { close: (el, t) => { t.td.frameRate = toNumber(el.text); } },
  File: { open: (el, t, d) => openFile(el, d, (f) => t.td.files.push(f)) },
};

const TECHNICAL = new Table<TechDraft>(FIELDS, under('DeliveryFile', FIELDS), {
  TechnicalResourceDetailsReference: { close: (el, t) => { t.td.reference = el.text; } },
  IsPreview: { close: (el, t) => { t.td.isClip = toBool(el.text); } },
  IsClip: { close: (el, t) => { t.td.isClip = toBool(el.text); } },
});

export function openTechnicalDetails(el: OpenElement, d: Dispatcher, kind: ResourceKind, add: (td: TechnicalDetails) => void): void {
  const td: TechnicalDetails = {
    codec: null,
    container: null,
    numberOfChannels: null,
    // Set here, not only when written: details of every kind then share one hidden class (an image's came after 41,463
    // recordings' in a catalog and threw away the code optimized for theirs).
    numberOfChannelsText: null,
    samplingRate: null,
    bitsPerSample: null,
    bitRate: null,
    duration: null,
    imageWidth: null,
    imageHeight: null,
    imageResolution: null,
    videoWidth: null,
    videoHeight: null,
    frameRate: null,
    isClip: null,
    reference: null,
    files: [],
    loc: locOf(el, d),
  };
  d.push(el, TECHNICAL, { td, video: kind === 'Video' }, () => add(td));
}
