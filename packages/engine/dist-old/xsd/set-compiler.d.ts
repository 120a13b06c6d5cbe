/**
 * Compiles a whole XSD set (from its main file) into a CompiledSet: every type reachable from the
 * global element declarations gets an id, complex types get their content automaton.
 */
import { type CompiledSet } from './compiled-set.js';
/** Compiles the XSD set whose main file is given. Throws with file:line on a schema it cannot use. */
export declare function compileXsdSet(mainFile: string, key: string): CompiledSet;
//# sourceMappingURL=set-compiler.d.ts.map