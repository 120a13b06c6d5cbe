import { checkFlacTail, readStreamInfo } from './flac-check.js';
import { formatOfExtension } from './sniff.js';
import { readWavHeader } from './wav-header.js';
const CODEC_FORMAT = [
    [/mpeg.*layer 3|^mp3/i, 'mp3'],
    [/aac|mp4a/i, 'aac'],
    [/alac/i, 'alac'],
    [/vorbis/i, 'vorbis'],
    [/opus/i, 'opus'],
    [/flac/i, 'flac'],
];
export function audioFactsOf(e) {
    const facts = { format: null, container: null, codec: null, sampleRate: null, bitsPerSample: null, channels: null, durationSeconds: null, decodedOk: null, problems: [] };
    if (e.sniffed.kind !== 'audio') {
        facts.problems.push(e.sniffed.kind === 'empty' ? 'the file is empty (0 bytes)' : `it is not an audio file: its content is ${e.sniffed.description}`);
        return facts;
    }
    const promised = formatOfExtension(e.path);
    if (promised && promised !== e.sniffed.format && !(promised === 'aac' && e.sniffed.format === 'm4a')) {
        facts.problems.push(`its name ends in ".${e.path.split('.').pop()}" but its content is ${e.sniffed.description}`);
    }
    const mm = e.metadata?.format;
    facts.container = e.sniffed.format;
    facts.codec = mm?.codec ?? null;
    facts.sampleRate = mm?.sampleRate ?? null;
    facts.bitsPerSample = mm?.bitsPerSample ?? null;
    facts.channels = mm?.numberOfChannels ?? null;
    facts.durationSeconds = mm?.duration ?? null;
    if (e.sniffed.format === 'flac') {
        facts.format = 'flac';
        facts.codec = 'FLAC';
        const info = readStreamInfo(e.head);
        if (!info)
            facts.problems.push('its FLAC header (STREAMINFO) is missing or damaged');
        else {
            Object.assign(facts, { sampleRate: info.sampleRate, bitsPerSample: info.bitsPerSample, channels: info.channels });
            if (info.totalSamples > 0)
                facts.durationSeconds = info.totalSamples / info.sampleRate;
            const tail = checkFlacTail(e.tail, e.size - e.tail.length, info);
            if (!tail.ok)
                facts.problems.push(tail.problem);
        }
    }
    else if (e.sniffed.format === 'wav') {
        const wav = readWavHeader(e.head);
        if (!wav)
            facts.problems.push('its WAV header has no readable "fmt " chunk');
        else {
            facts.format = wav.encoding === 'pcm' ? 'wav-pcm' : wav.encoding === 'float' ? 'wav-float' : 'wav-other';
            facts.codec = wav.encoding === 'pcm' ? 'PCM' : wav.encoding === 'float' ? 'IEEE float' : `WAV ${wav.encoding}`;
            Object.assign(facts, { sampleRate: wav.sampleRate, bitsPerSample: wav.bitsPerSample, channels: wav.channels });
            if (wav.dataOffset === null || wav.dataBytes === null)
                facts.problems.push('its WAV header has no "data" chunk before the audio (or the header is damaged)');
            else {
                const bytesPerSecond = wav.blockAlign * wav.sampleRate;
                if (bytesPerSecond > 0)
                    facts.durationSeconds = wav.dataBytes / bytesPerSecond;
                const held = e.size - wav.dataOffset;
                if (held < wav.dataBytes && bytesPerSecond > 0) {
                    facts.problems.push(`its header declares ${(wav.dataBytes / bytesPerSecond).toFixed(2)} s of audio but the file holds ${(Math.max(0, held) / bytesPerSecond).toFixed(2)} s (truncated)`);
                }
            }
        }
    }
    else {
        facts.format = CODEC_FORMAT.find(([re]) => re.test(facts.codec ?? ''))?.[1] ?? e.sniffed.format;
    }
    if (!e.metadata && facts.sampleRate === null)
        facts.problems.push(`its audio headers could not be read${e.metadataError ? `: ${e.metadataError}` : ''}`);
    return facts;
}
//# sourceMappingURL=probe-audio.js.map