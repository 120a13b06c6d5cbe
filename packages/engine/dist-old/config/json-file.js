/** Reads a JSON file for the config loader, with errors that name the file and the line:column of a syntax error. */
import { readFile } from 'node:fs/promises';
import { ConfigFileError } from './errors.js';
function lineColumn(text, offset) {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return `${line}:${offset - before.lastIndexOf('\n')}`;
}
export async function readJsonFile(file, what) {
    let text;
    try {
        text = await readFile(file, 'utf8');
    }
    catch (error) {
        const code = error.code;
        throw new ConfigFileError(code === 'ENOENT' ? `${what} not found` : `${what} cannot be read (${code ?? error})`, file, '');
    }
    try {
        return JSON.parse(text.replace(/^\uFEFF/, ''));
    }
    catch (error) {
        const message = error.message;
        const position = /position (\d+)/.exec(message);
        const where = position ? ` at ${lineColumn(text, Number(position[1]))}` : '';
        throw new ConfigFileError(`${what} is not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/, '')}`, file, '');
    }
}
//# sourceMappingURL=json-file.js.map