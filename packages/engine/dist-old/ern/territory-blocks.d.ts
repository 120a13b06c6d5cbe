/**
 * 3.x `...DetailsByTerritory` blocks: the first block is the default and later ones are often
 * partial territorial overrides (an "all except MX" block, then an "MX" block with another artist
 * name). Lists the model keeps without a territory (display artists, names, labels, lines,
 * parental warnings) are taken from the first block that has them, so an override never mixes
 * into the default. Titles and genres carry their territory and are collected from every block.
 */
export interface BlockState {
    /** Index of the current block, -1 before the first. */
    block: number;
    /** Field name -> index of the block that supplied it. */
    owners: Map<string, number>;
}
export declare function newBlockState(): BlockState;
/** True when `field` may be filled from the current block (it is the first block to supply it). */
export declare function claim(state: BlockState, field: string): boolean;
//# sourceMappingURL=territory-blocks.d.ts.map