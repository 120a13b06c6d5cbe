/**
 * Parses the durations ERN messages carry: xs:duration (`PT3M20S`, `PT4M23.583S`, `PT0H4M39S`,
 * `P0Y2M7DT1H10M0S`) and, leniently, clock times some senders write (`00:03:20`, `3:20.5`).
 * Years and months count as 365 and 30 days (only synthetic messages use them).
 */
const ISO = /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/;
/** Seconds, or null when the text is not a duration. */
export function parseDuration(text) {
    const value = text?.trim();
    if (!value)
        return null;
    const iso = ISO.exec(value);
    if (iso && value !== 'P' && !value.endsWith('T')) {
        const n = (i) => (iso[i] ? Number(iso[i].replace(',', '.')) : 0);
        const seconds = n(2) * 365 * 86400 + n(3) * 30 * 86400 + n(4) * 7 * 86400 + n(5) * 86400 + n(6) * 3600 + n(7) * 60 + n(8);
        return iso[1] ? -seconds : seconds;
    }
    const clock = CLOCK.exec(value);
    if (clock)
        return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return null;
}
/** `3:20.0` style, for messages. */
export function formatSeconds(seconds) {
    const sign = seconds < 0 ? '-' : '';
    const s = Math.abs(seconds);
    const minutes = Math.floor(s / 60);
    const rest = s - minutes * 60;
    return `${sign}${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
//# sourceMappingURL=duration.js.map