export {};
//# sourceMappingURL=options.js.map