/** A running hash: every algorithm, from Node's crypto or our own (md4.ts), behind one interface. */
export interface Digest {
  update(chunk: Buffer): void;
  /** Lower-case hex. */
  digest(): string;
}
