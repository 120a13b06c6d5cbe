/**
 * Bytes left free at the start of each chunk the pass's thread hands to the parse thread
 * (parse-thread.ts `flush`): the parse thread copies there the bytes of the token the last chunk
 * ended in (`EventEncoder.carry`), so that the byte scanner joins nothing, as when the thread reads
 * a file itself (parse-worker.ts). A longer carry is joined by the scanner as before.
 */
export const HANDED_ROOM = 16 * 1024;
