export function territoryCollector(currentRelease) {
    const found = [];
    const take = (element) => (el) => {
        if (el.text !== '')
            found.push({ code: el.text, element, el, release: currentRelease() });
    };
    return { handlers: { TerritoryCode: take('TerritoryCode'), ExcludedTerritoryCode: take('ExcludedTerritoryCode') }, found };
}
//# sourceMappingURL=territory-elements.js.map