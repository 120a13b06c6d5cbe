import type { Batch } from './types.js';
/** `absolute` is where the bytes are (maybe a spooled temp file); `name` is what the user calls it. */
export declare function openXmlFile(absolute: string, name: string, size: number, source: string, close?: () => Promise<void>): Batch;
export declare function openXmlBuffer(bytes: Buffer, name: string, source: string): Batch;
//# sourceMappingURL=single-xml.d.ts.map