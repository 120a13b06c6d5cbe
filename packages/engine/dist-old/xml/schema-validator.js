export {};
//# sourceMappingURL=schema-validator.js.map