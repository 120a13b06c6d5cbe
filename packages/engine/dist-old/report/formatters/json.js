export const json = (reports) => JSON.stringify(reports, null, 2) + '\n';
//# sourceMappingURL=json.js.map