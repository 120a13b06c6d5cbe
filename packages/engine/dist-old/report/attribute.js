/** `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN` -> `/NewReleaseMessage/ReleaseList/Release[2]`. */
function itemPath(field) {
    let at = 0;
    for (let step = 0; step < 3; step++) {
        at = field.indexOf('/', at + 1);
        if (at < 0)
            return field;
    }
    return field.slice(0, at);
}
export function attributeByPath(checks, message, file) {
    const releases = new Map(message.releases.filter((r) => r.reference).map((r) => [r.loc.path, r.reference.value]));
    const resources = new Map(message.resources.filter((r) => r.reference).map((r) => [r.loc.path, r.reference.value]));
    for (const check of checks) {
        if (check.file !== file || !check.field)
            continue;
        const item = itemPath(check.field);
        if (check.release === null)
            check.release = releases.get(item) ?? null;
        if (!check.resource) {
            const resource = resources.get(item);
            if (resource)
                check.resource = resource;
        }
    }
}
//# sourceMappingURL=attribute.js.map