export function newBlockState() {
    return { block: -1, owners: new Map() };
}
/** True when `field` may be filled from the current block (it is the first block to supply it). */
export function claim(state, field) {
    const owner = state.owners.get(field);
    if (owner === undefined) {
        state.owners.set(field, state.block);
        return true;
    }
    return owner === state.block;
}
//# sourceMappingURL=territory-blocks.js.map