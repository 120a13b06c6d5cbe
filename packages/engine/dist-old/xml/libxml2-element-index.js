export class ElementLineIndex {
    lines = new Uint32Array(1024);
    parents = new Int32Array(1024);
    segments = new Uint32Array(1024);
    count = 0;
    segmentIds = new Map();
    segmentNames = [];
    /** Index of the open element at each depth (root at 0). */
    stack = [];
    enabled = true;
    listener = {
        name: 'libxml2-element-index',
        onOpen: (el) => this.add(el),
    };
    get size() {
        return this.count;
    }
    /** Stops recording and frees what was kept (the message is too large to be validated). */
    drop() {
        this.enabled = false;
        this.count = 0;
        this.lines = new Uint32Array(0);
        this.parents = new Int32Array(0);
        this.segments = new Uint32Array(0);
        this.segmentIds.clear();
        this.segmentNames.length = 0;
        this.stack.length = 0;
    }
    add(el) {
        if (!this.enabled)
            return;
        if (this.count === this.lines.length)
            this.grow();
        const i = this.count++;
        this.stack.length = el.depth - 1;
        this.lines[i] = el.line;
        this.parents[i] = el.depth > 1 ? (this.stack[el.depth - 2] ?? -1) : -1;
        this.segments[i] = this.intern(el.path.slice(el.path.lastIndexOf('/') + 1));
        this.stack.push(i);
    }
    /**
     * The path of the element an error on `line` is about: the first candidate named `element`,
     * else the last element opened at or before that line; '' when nothing was recorded there.
     */
    pathFor(line, element) {
        if (line === null || this.count === 0)
            return '';
        const last = this.lastAtOrBefore(line);
        if (last < 0)
            return '';
        if (element !== '') {
            if (this.lines[last] !== line) {
                if (this.nameOf(last) === element)
                    return this.pathOf(last);
            }
            else {
                let first = last;
                while (first > 0 && this.lines[first - 1] === line)
                    first--;
                for (let i = first; i <= last; i++)
                    if (this.nameOf(i) === element)
                        return this.pathOf(i);
                // The element begun before `line`, whose start tag may end on it.
                if (first > 0 && this.nameOf(first - 1) === element)
                    return this.pathOf(first - 1);
            }
        }
        return this.pathOf(last);
    }
    pathOf(i) {
        const parts = [];
        for (let at = i; at >= 0; at = this.parents[at])
            parts.push(this.segmentNames[this.segments[at]]);
        return '/' + parts.reverse().join('/');
    }
    nameOf(i) {
        const segment = this.segmentNames[this.segments[i]];
        const bracket = segment.indexOf('[');
        return bracket < 0 ? segment : segment.slice(0, bracket);
    }
    /** Binary search: lines are in document order, so never decreasing. */
    lastAtOrBefore(line) {
        let lo = 0;
        let hi = this.count - 1;
        let found = -1;
        while (lo <= hi) {
            const mid = (lo + hi) >>> 1;
            if (this.lines[mid] <= line) {
                found = mid;
                lo = mid + 1;
            }
            else
                hi = mid - 1;
        }
        return found;
    }
    intern(segment) {
        let id = this.segmentIds.get(segment);
        if (id === undefined) {
            id = this.segmentNames.length;
            this.segmentNames.push(segment);
            this.segmentIds.set(segment, id);
        }
        return id;
    }
    grow() {
        const size = this.lines.length * 2;
        const lines = new Uint32Array(size);
        lines.set(this.lines);
        const parents = new Int32Array(size);
        parents.set(this.parents);
        const segments = new Uint32Array(size);
        segments.set(this.segments);
        this.lines = lines;
        this.parents = parents;
        this.segments = segments;
    }
}
//# sourceMappingURL=libxml2-element-index.js.map