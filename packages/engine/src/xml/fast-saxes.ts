/**
 * saxes stores each handler with a computed-key assignment (`this[name] = handler`). Past a handful
 * of such additions V8 turns the parser into a dictionary-mode object, and every property read in
 * saxes' character loop becomes a hash lookup: with the seven handlers the pass needs, saxes ran
 * about 3 times slower (measured: 984 vs 315 ms CPU on a 10 MB message). Declaring every handler
 * slot up front, with named stores in the constructor, keeps the object's shape fast.
 */
import { SaxesParser, type SaxesOptions } from 'saxes';
import { isNameChar } from 'xmlchars/xml/1.0/ed5.js';

export class FastSaxesParser<O extends SaxesOptions = { xmlns: true; position: true }> extends SaxesParser<O> {
  constructor(options?: O) {
    super(options);
    const slots = this as unknown as Record<
      | 'xmldeclHandler'
      | 'textHandler'
      | 'piHandler'
      | 'doctypeHandler'
      | 'commentHandler'
      | 'openTagStartHandler'
      | 'attributeHandler'
      | 'openTagHandler'
      | 'closeTagHandler'
      | 'cdataHandler'
      | 'errorHandler'
      | 'endHandler'
      | 'readyHandler',
      unknown
    >;
    slots.xmldeclHandler = undefined;
    slots.textHandler = undefined;
    slots.piHandler = undefined;
    slots.doctypeHandler = undefined;
    slots.commentHandler = undefined;
    slots.openTagStartHandler = undefined;
    slots.attributeHandler = undefined;
    slots.openTagHandler = undefined;
    slots.closeTagHandler = undefined;
    slots.cdataHandler = undefined;
    slots.errorHandler = undefined;
    slots.endHandler = undefined;
    slots.readyHandler = undefined;
  }
}

/*
 * Two of saxes' hot loops, specialized. saxes reads every character through `getCode()`, a method
 * call with position bookkeeping per character; element names and character data are nearly all
 * plain ASCII, so these versions first run over a stretch of such characters in a tight loop,
 * account for it in one step (column, line, position of the last newline), and hand the character
 * that ends the stretch to saxes' own code, unchanged. Only for XML 1.0 (`getCode10`); an XML 1.1
 * document gets saxes' methods as they are. saxes is pinned (6.0.0): these read its internal
 * fields, and `fast-saxes.test.ts` compares every event and position with saxes' on the samples
 * and on the edge cases of each branch, split at every chunk boundary.
 */
const TAB = 0x09;
const NL = 0x0a;
const AMP = 0x26;
const LESS = 0x3c;
const GREATER = 0x3e;
const CLOSE_BRACKET = 0x5d;
const EOC = -1;
const NL_LIKE = -2;
const FORBIDDEN_START = 0;
const FORBIDDEN_BRACKET = 1;
const FORBIDDEN_BRACKET_BRACKET = 2;
const S_TEXT = 13;
const S_ENTITY = 14;
const S_OPEN_WAKA = 15;

/** ASCII characters allowed in XML names after the first: letters, digits, `-`, `.`, `_`, `:`. */
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x3a) ASCII_NAME[c] = 1;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
type Internals = any;
const saxes = SaxesParser.prototype as Internals;
const originalCaptureNameChars = saxes.captureNameChars as (this: Internals) => number;
const originalHandleTextInRoot = saxes.handleTextInRoot as (this: Internals) => void;
const isXml10 = (parser: Internals) => parser.getCode === saxes.getCode10;

(FastSaxesParser.prototype as Internals).captureNameChars = function captureNameChars(this: Internals): number {
  if (!isXml10(this)) return originalCaptureNameChars.call(this);
  const { chunk, i: start } = this;
  const length = chunk.length;
  let j = start;
  while (j < length) {
    const c = chunk.charCodeAt(j);
    if (c < 128 && ASCII_NAME[c] === 1) j++;
    else break;
  }
  // No newline in a name: the column moves by the stretch.
  this.column += j - start;
  this.i = j;
  for (;;) {
    const c = this.getCode();
    if (c === EOC) {
      this.name += chunk.slice(start);
      return EOC;
    }
    if (!isNameChar(c)) {
      this.name += chunk.slice(start, this.prevI);
      return c === NL_LIKE ? NL : c;
    }
  }
};

(FastSaxesParser.prototype as Internals).handleTextInRoot = function handleTextInRoot(this: Internals): void {
  if (!isXml10(this)) return originalHandleTextInRoot.call(this);
  let { i: start, forbiddenState } = this;
  const { chunk, textHandler: handler } = this;
  const length = chunk.length;
  for (;;) {
    // The stretch: any character saxes' loop would only count (no markup, no CR, no surrogate, no control character).
    let j = this.i;
    if (j < length) {
      let column = this.column;
      let line = this.line;
      let lastNewline = -1;
      for (; j < length; j++) {
        const c = chunk.charCodeAt(j);
        if (c >= 0x20 ? c < 0xd800 && c !== LESS && c !== AMP && c !== CLOSE_BRACKET && c !== GREATER : c === TAB) column++;
        else if (c === NL) {
          line++;
          column = 0;
          lastNewline = j;
        } else break;
      }
      if (j !== this.i) {
        this.column = column;
        this.line = line;
        if (lastNewline >= 0) this.positionAtNewLine = this.chunkPosition + lastNewline + 1;
        this.i = j;
        forbiddenState = FORBIDDEN_START;
      }
    }
    // saxes' own loop body for the character that ended the stretch.
    const c = this.getCode();
    if (c === LESS) {
      this.state = S_OPEN_WAKA;
      if (handler !== undefined) {
        const { text } = this;
        const slice = chunk.slice(start, this.prevI);
        if (text.length !== 0) {
          handler(text + slice);
          this.text = '';
        } else if (slice.length !== 0) handler(slice);
      }
      forbiddenState = FORBIDDEN_START;
      break;
    } else if (c === AMP) {
      this.state = S_ENTITY;
      this.entityReturnState = S_TEXT;
      if (handler !== undefined) this.text += chunk.slice(start, this.prevI);
      forbiddenState = FORBIDDEN_START;
      break;
    } else if (c === CLOSE_BRACKET) {
      if (forbiddenState === FORBIDDEN_START) forbiddenState = FORBIDDEN_BRACKET;
      else if (forbiddenState === FORBIDDEN_BRACKET) forbiddenState = FORBIDDEN_BRACKET_BRACKET;
    } else if (c === GREATER) {
      if (forbiddenState === FORBIDDEN_BRACKET_BRACKET) this.fail('the string "]]>" is disallowed in char data.');
      forbiddenState = FORBIDDEN_START;
    } else if (c === NL_LIKE) {
      if (handler !== undefined) this.text += `${chunk.slice(start, this.prevI)}\n`;
      start = this.i;
      forbiddenState = FORBIDDEN_START;
    } else if (c === EOC) {
      if (handler !== undefined) this.text += chunk.slice(start);
      break;
    } else forbiddenState = FORBIDDEN_START;
  }
  this.forbiddenState = forbiddenState;
};
