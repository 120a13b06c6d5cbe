/**
 * saxes stores each handler with a computed-key assignment (`this[name] = handler`). Past a handful
 * of such additions V8 turns the parser into a dictionary-mode object, and every property read in
 * saxes' character loop becomes a hash lookup: with the seven handlers the pass needs, saxes ran
 * about 3 times slower (measured: 984 vs 315 ms CPU on a 10 MB message). Declaring every handler
 * slot up front, with named stores in the constructor, keeps the object's shape fast.
 */
import { SaxesParser, type SaxesOptions } from 'saxes';
export declare class FastSaxesParser<O extends SaxesOptions = {
    xmlns: true;
    position: true;
}> extends SaxesParser<O> {
    constructor(options?: O);
}
//# sourceMappingURL=fast-saxes.d.ts.map