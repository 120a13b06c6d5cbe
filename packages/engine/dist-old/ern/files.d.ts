import type { OpenElement } from '../xml/events.js';
import type { ResourceFile } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openFile(el: OpenElement, d: Dispatcher, add: (f: ResourceFile) => void): void;
/**
 * 3.x FilePath + FileName as one relative reference. A path join, not concatenation: `resources/`
 * and `assets` (no trailing slash) both work. Backslashes (Windows senders) are read as separators.
 */
export declare function joinFilePath(filePath: string | null, fileName: string | null): string | null;
//# sourceMappingURL=files.d.ts.map