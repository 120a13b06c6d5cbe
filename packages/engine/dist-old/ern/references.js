const TARGETS = new Map([
    ['ReleaseResourceReference', 'resource'],
    ['LinkedReleaseResourceReference', 'resource'],
    ['DealReleaseReference', 'release'],
    ['ArtistPartyReference', 'party'],
    ['ReleaseLabelReference', 'party'],
    ['ContributorPartyReference', 'party'],
    ['RightsControllerPartyReference', 'party'],
    ['DisplayCreditParty', 'party'],
    ['ReleaseVisibilityReference', 'visibility'],
]);
/** The reference an element carries, or null for any other element. */
export function referenceOf(el) {
    const target = TARGETS.get(el.name);
    if (target === undefined)
        return null;
    return { target, value: el.text, path: el.path, line: el.line, column: el.column };
}
//# sourceMappingURL=references.js.map