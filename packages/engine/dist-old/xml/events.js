/**
 * The events of the one streaming pass over a message. Every consumer (schema validator, ERN
 * reader, rule dispatcher) is an XmlListener fed by the same saxes stream; nothing builds a DOM.
 */
/** Largest text kept per element; longer text is truncated (a DDEX leaf never needs more). */
export const MAX_ELEMENT_TEXT = 64 * 1024;
//# sourceMappingURL=events.js.map