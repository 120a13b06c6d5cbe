/**
 * Room kept for the bytes of a token cut by a chunk's end (`EventEncoder.carry`), which the parse
 * thread copies just before the next chunk's bytes so that the byte scanner joins nothing: at the
 * start of each chunk the pass's thread hands over as bytes (parse-thread.ts `flush`), and past the
 * chunk in each of the thread's read buffers (parse-worker.ts). A token is rarely longer; a longer
 * carry is joined by the scanner, or grows the read buffer.
 */
export const CARRY_ROOM = 16 * 1024;
