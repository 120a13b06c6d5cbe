/** A batch that could not be opened at all: a clear error for the `package` stage. */
export class BatchError extends Error {
    code;
    file;
    constructor(message, code, file = '') {
        super(message);
        this.code = code;
        this.file = file;
        this.name = 'BatchError';
    }
}
//# sourceMappingURL=types.js.map