declare const _default: import("../../define.js").Rule;
export default _default;
//# sourceMappingURL=index.d.ts.map