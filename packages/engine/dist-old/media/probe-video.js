/**
 * Video facts from ffprobe (`-print_format json -show_format -show_streams`): container, video
 * and audio codecs, frame size, frame rate and duration. ffprobe reads a path (folder batches)
 * or stdin (zip entries, streamed without extraction).
 */
import { runTool } from './run-tool.js';
export function startVideoProbe(ffprobe, input, signal) {
    const source = input === 'stdin' ? 'pipe:0' : input.path;
    return runTool(ffprobe, ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', '-i', source], { pipeInput: input === 'stdin', signal });
}
function rate(text) {
    if (!text)
        return null;
    const [num, den] = text.split('/').map(Number);
    if (!num || !Number.isFinite(num))
        return null;
    const value = den ? num / den : num;
    return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null;
}
function containerOf(formatName, brand, sniffed) {
    if (formatName.includes('mp4') || formatName.includes('mov')) {
        if (brand?.trim() === 'qt' || sniffed === 'mov')
            return 'mov';
        return 'mp4';
    }
    if (formatName.includes('matroska'))
        return sniffed === 'webm' ? 'webm' : 'mkv';
    return formatName.split(',')[0];
}
export function videoFactsOf(result, sniffedFormat) {
    const empty = { container: null, videoCodec: null, audioCodec: null, width: null, height: null, frameRate: null, durationSeconds: null, problems: [] };
    if (result.failed)
        return { ...empty, problems: [result.failed] };
    let json;
    try {
        json = JSON.parse(result.stdout || '{}');
    }
    catch {
        return { ...empty, problems: [`ffprobe gave no readable answer (${firstLine(result.stderr) || `exit status ${result.code}`})`] };
    }
    if (!json.format)
        return { ...empty, problems: [`ffprobe could not read the file: ${firstLine(result.stderr) || `exit status ${result.code}`}`] };
    const video = json.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const audio = json.streams?.find((s) => s.codec_type === 'audio');
    const duration = Number(json.format.duration ?? video?.duration);
    const facts = {
        container: containerOf(json.format.format_name ?? '', json.format.tags?.major_brand, sniffedFormat),
        videoCodec: video?.codec_name ?? null,
        audioCodec: audio?.codec_name ?? null,
        width: video?.width ?? null,
        height: video?.height ?? null,
        frameRate: rate(video?.avg_frame_rate) ?? rate(video?.r_frame_rate),
        durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
        problems: [],
    };
    if (!video)
        facts.problems.push('the file holds no video stream');
    return facts;
}
function firstLine(text) {
    return text.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
}
//# sourceMappingURL=probe-video.js.map