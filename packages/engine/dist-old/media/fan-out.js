/** A sink over a Writable (a PassThrough, a child's stdin); it goes quiet once the writable closes or errors. */
export function writableSink(w) {
    let open = true;
    const quiet = () => {
        open = false;
    };
    w.on('error', quiet);
    w.on('close', quiet);
    return {
        get open() {
            return open && !w.destroyed && !w.writableEnded;
        },
        write(chunk) {
            if (!this.open)
                return;
            if (w.write(chunk))
                return;
            return new Promise((resolve) => {
                const done = () => {
                    w.off('drain', done);
                    w.off('close', done);
                    w.off('error', done);
                    resolve();
                };
                w.on('drain', done);
                w.on('close', done);
                w.on('error', done);
            });
        },
        end() {
            if (this.open)
                w.end();
        },
        stop() {
            open = false;
            w.destroy();
        },
    };
}
/**
 * Reads the rest of a stream (its async iterator) to the end, giving every chunk to the sinks in order. `first` are chunks already
 * read from the stream (the head used to sniff the type). Returns the byte count.
 */
export async function fanOut(iterator, first, sinks, signal) {
    let bytes = 0;
    const give = async (chunk) => {
        bytes += chunk.length;
        let waits = null;
        for (const sink of sinks) {
            const wait = sink.write(chunk);
            if (wait)
                (waits ??= []).push(wait);
        }
        if (waits)
            await Promise.all(waits);
    };
    try {
        for (const chunk of first)
            await give(chunk);
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
            signal?.throwIfAborted();
            await give(next.value);
        }
    }
    catch (error) {
        await iterator.return?.(); // closes the file or zip entry
        throw error;
    }
    finally {
        for (const sink of sinks)
            sink.end();
    }
    return bytes;
}
/** Reads chunks until at least `want` bytes (or the end): the head to sniff, without losing anything. */
export async function readHead(iterator, want) {
    const chunks = [];
    let length = 0;
    while (length < want) {
        const next = await iterator.next();
        if (next.done)
            return { chunks, head: Buffer.concat(chunks), ended: true };
        chunks.push(next.value);
        length += next.value.length;
    }
    return { chunks, head: Buffer.concat(chunks), ended: false };
}
/** Keeps the last `size` bytes that went through it. */
export class TailKeeper {
    size;
    chunks = [];
    length = 0;
    constructor(size) {
        this.size = size;
    }
    write(chunk) {
        this.chunks.push(chunk);
        this.length += chunk.length;
        while (this.chunks.length > 1 && this.length - this.chunks[0].length >= this.size)
            this.length -= this.chunks.shift().length;
    }
    end() { }
    get bytes() {
        const all = Buffer.concat(this.chunks);
        return all.length > this.size ? all.subarray(all.length - this.size) : all;
    }
}
/** Keeps every byte up to `cap` (an image for sharp); `complete` says whether all of it fitted. */
export class BufferKeeper {
    cap;
    chunks = [];
    length = 0;
    complete = true;
    constructor(cap) {
        this.cap = cap;
    }
    write(chunk) {
        if (this.length >= this.cap) {
            this.complete = false;
            return;
        }
        this.chunks.push(chunk);
        this.length += chunk.length;
    }
    end() { }
    get bytes() {
        return Buffer.concat(this.chunks);
    }
}
//# sourceMappingURL=fan-out.js.map