/**
 * Translates an XML Schema regular expression (XSD 1.0 Appendix F) into a JavaScript RegExp source
 * for the `u` flag. XSD patterns are implicitly anchored, have no anchors (`^` and `$` are plain
 * characters), add the escapes \i \I \c \C, Unicode block escapes \p{IsBasicLatin}, and class
 * subtraction `[a-z-[aeiou]]`; none of these exist in JavaScript as such.
 */
import { unicodeBlockRange } from './unicode-blocks.js';
const NAME_START = 'A-Z_a-z:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const SINGLE_ESCAPES = {
    n: '\\n', r: '\\r', t: '\\t', '\\': '\\\\', '|': '\\|', '.': '\\.', '-': '\\-', '^': '\\^', '?': '\\?',
    '*': '\\*', '+': '\\+', '{': '\\{', '}': '\\}', '(': '\\(', ')': '\\)', '[': '\\[', ']': '\\]',
};
/** Multi-character escapes as class fragments (positive) or atoms (negated ones). */
function multiEscape(c) {
    switch (c) {
        case 's': return { frag: ' \\t\\n\\r' };
        case 'S': return { atom: '[^ \\t\\n\\r]' };
        case 'i': return { frag: NAME_START };
        case 'I': return { atom: `[^${NAME_START}]` };
        case 'c': return { frag: NAME_CHAR };
        case 'C': return { atom: `[^${NAME_CHAR}]` };
        case 'd': return { frag: '\\p{Nd}' };
        case 'D': return { frag: '\\P{Nd}' };
        case 'w': return { atom: '[^\\p{P}\\p{Z}\\p{C}]' };
        case 'W': return { frag: '\\p{P}\\p{Z}\\p{C}' };
        default: return null;
    }
}
export class XsdRegexError extends Error {
}
class Translator {
    src;
    i = 0;
    constructor(src) {
        this.src = src;
    }
    translate() {
        const out = this.alternation();
        if (this.i < this.src.length)
            this.fail(`unexpected '${this.src[this.i]}'`);
        return `^(?:${out})$`;
    }
    fail(why) {
        throw new XsdRegexError(`invalid XSD pattern /${this.src}/ at ${this.i}: ${why}`);
    }
    alternation() {
        const branches = [this.branch()];
        while (this.src[this.i] === '|') {
            this.i++;
            branches.push(this.branch());
        }
        return branches.join('|');
    }
    branch() {
        let out = '';
        while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
            out += this.atom() + this.quantifier();
        }
        return out;
    }
    quantifier() {
        const c = this.src[this.i];
        if (c === '?' || c === '*' || c === '+') {
            this.i++;
            return c;
        }
        if (c === '{') {
            const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
            if (!m)
                this.fail('bad quantifier');
            this.i += m[0].length;
            return m[0];
        }
        return '';
    }
    atom() {
        const c = this.src[this.i];
        if (c === '(') {
            this.i++;
            const inner = this.alternation();
            if (this.src[this.i] !== ')')
                this.fail('missing )');
            this.i++;
            return `(?:${inner})`;
        }
        if (c === '[')
            return this.charClass();
        if (c === '.') {
            this.i++;
            return '[^\\n\\r]';
        }
        if (c === '\\') {
            const item = this.escape();
            return 'frag' in item ? `[${item.frag}]` : item.atom;
        }
        if ('?*+{}'.includes(c))
            this.fail(`quantifier '${c}' without an atom`);
        if (c === ']')
            this.fail("unescaped ']'");
        const cp = this.src.codePointAt(this.i);
        const ch = String.fromCodePoint(cp);
        this.i += ch.length;
        return '^$/'.includes(ch) ? `\\${ch}` : ch;
    }
    /** Reads an escape after `\`, as a class item. */
    escape() {
        this.i++;
        const c = this.src[this.i];
        if (c === undefined)
            this.fail('trailing backslash');
        this.i++;
        if (c in SINGLE_ESCAPES)
            return { frag: SINGLE_ESCAPES[c] };
        const multi = multiEscape(c);
        if (multi)
            return multi;
        if (c === 'p' || c === 'P') {
            const m = /^\{([A-Za-z0-9-]+)\}/.exec(this.src.slice(this.i));
            if (!m)
                this.fail('bad \\p{...}');
            this.i += m[0].length;
            const name = m[1];
            let frag;
            if (name.startsWith('Is')) {
                const range = unicodeBlockRange(name.slice(2));
                if (!range)
                    this.fail(`unknown Unicode block ${name}`);
                frag = range;
            }
            else {
                frag = `\\p{${name}}`;
                try {
                    new RegExp(`[${frag}]`, 'u');
                }
                catch {
                    this.fail(`unknown Unicode category ${name}`);
                }
            }
            if (c === 'p')
                return { frag };
            return name.startsWith('Is') ? { atom: `[^${frag}]` } : { frag: `\\P{${name}}` };
        }
        this.fail(`unknown escape \\${c}`);
    }
    /** A character class, possibly negated, possibly with a subtraction. */
    charClass() {
        this.i++; // [
        let negated = false;
        if (this.src[this.i] === '^') {
            negated = true;
            this.i++;
        }
        const items = [];
        let subtraction = null;
        let first = true;
        while (true) {
            const c = this.src[this.i];
            if (c === undefined)
                this.fail('unterminated class');
            if (c === ']' && !first)
                break;
            if (c === '-' && this.src[this.i + 1] === '[') {
                this.i++;
                subtraction = this.charClass();
                if (this.src[this.i] !== ']')
                    this.fail('subtraction must end the class');
                break;
            }
            first = false;
            const start = this.classChar();
            if (start === null)
                continue;
            if ('atom' in start || this.src[this.i] !== '-' || this.src[this.i + 1] === ']' || this.src[this.i + 1] === '[') {
                items.push(start);
                continue;
            }
            this.i++; // -
            const end = this.classChar();
            if (end === null || 'atom' in end)
                this.fail('bad range');
            items.push({ frag: `${start.frag}-${end.frag}` });
        }
        this.i++; // ]
        const frags = items.filter((x) => 'frag' in x).map((x) => x.frag).join('');
        const atoms = items.filter((x) => 'atom' in x).map((x) => x.atom);
        const alternatives = [...(frags ? [`[${frags}]`] : []), ...atoms];
        let positive;
        if (negated) {
            positive = alternatives.length === 0 ? '[\\s\\S]' : `(?:(?!${alternatives.join('|')})[\\s\\S])`;
        }
        else {
            positive = alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|') || '(?!)'})`;
        }
        return subtraction ? `(?:(?!${subtraction})${positive})` : positive;
    }
    /** One character (or escape) inside a class; a single char comes back as an escaped fragment. */
    classChar() {
        const c = this.src[this.i];
        if (c === undefined)
            this.fail('unterminated class');
        if (c === '\\')
            return this.escape();
        if (c === '[')
            this.fail("unescaped '[' in class");
        const cp = this.src.codePointAt(this.i);
        const ch = String.fromCodePoint(cp);
        this.i += ch.length;
        return { frag: '\\^-[]/'.includes(ch) ? `\\${ch}` : ch };
    }
}
/** The JavaScript source (use with flag `u`) of an XSD pattern. Throws XsdRegexError when invalid. */
export function translateXsdPattern(pattern) {
    const source = new Translator(pattern).translate();
    new RegExp(source, 'u'); // fails loudly here rather than at validation time
    return source;
}
//# sourceMappingURL=xsd-regex.js.map