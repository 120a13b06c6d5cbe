/**
 * JSON Schema of `ddex-check.config.json` (draft-07, checked with ajv). This object is the source;
 * `schemas/config.schema.json` is the same schema written out for editors (a test keeps them equal).
 */
/** A partial service profile: every key optional, merged over the default profile. */
export declare const PROFILE_SCHEMA: {
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly $schema: {
            readonly type: "string";
        };
        readonly name: {
            readonly type: "string";
            readonly minLength: 1;
        };
        readonly artwork: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly properties: {
                readonly formats: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
                readonly minPixels: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly recommendedPixels: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly maxBytes: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly square: {
                    readonly type: "boolean";
                };
                readonly colorSpaces: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
            };
        };
        readonly audio: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly properties: {
                readonly formats: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
                readonly bitDepths: {
                    type: string;
                    items: {
                        type: string;
                        minimum: number;
                    };
                };
                readonly minSampleRate: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly channels: {
                    type: string;
                    items: {
                        type: string;
                        minimum: number;
                    };
                };
                readonly durationToleranceSeconds: {
                    readonly type: "number";
                    readonly minimum: 0;
                };
            };
        };
        readonly video: {
            readonly type: "object";
            readonly additionalProperties: false;
            readonly properties: {
                readonly containers: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
                readonly videoCodecs: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
                readonly audioCodecs: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
                readonly minWidth: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly minHeight: {
                    readonly type: "integer";
                    readonly minimum: 1;
                };
                readonly minFrameRate: {
                    type: string;
                    exclusiveMinimum: number;
                };
                readonly maxFrameRate: {
                    type: string;
                    exclusiveMinimum: number;
                };
            };
        };
        readonly genres: {
            readonly type: "array";
            readonly items: {
                readonly type: "string";
            };
        };
        readonly territories: {
            type: string;
            items: {
                type: string;
                minLength: number;
            };
        };
    };
};
export declare const CONFIG_SCHEMA: {
    readonly $schema: "http://json-schema.org/draft-07/schema#";
    readonly $id: "config.schema.json";
    readonly title: "ddex-check configuration (ddex-check.config.json)";
    readonly description: "Found in the working folder or a parent, or given with --config. Relative paths (schemas, catalog) are relative to the file.";
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly $schema: {
            readonly type: "string";
            readonly description: "Path or URL of this schema, for editors.";
        };
        readonly extends: {
            readonly enum: readonly ["ddex:recommended", "ddex:strict"];
            readonly description: "Preset the rules start from (default ddex:recommended).";
        };
        readonly rules: {
            readonly type: "object";
            readonly description: "Severity by rule id: a word, or [word, options].";
            readonly propertyNames: {
                readonly pattern: "^[a-z0-9]+(-[a-z0-9]+)+$";
            };
            readonly additionalProperties: {
                readonly oneOf: readonly [{
                    enum: string[];
                }, {
                    readonly type: "array";
                    readonly minItems: 2;
                    readonly maxItems: 2;
                    readonly items: readonly [{
                        enum: string[];
                    }, {
                        readonly type: "object";
                    }];
                }];
            };
        };
        readonly profile: {
            readonly description: "The service profile, merged over the default profile.";
            readonly type: "object";
            readonly additionalProperties: false;
            readonly properties: {
                readonly $schema: {
                    readonly type: "string";
                };
                readonly name: {
                    readonly type: "string";
                    readonly minLength: 1;
                };
                readonly artwork: {
                    readonly type: "object";
                    readonly additionalProperties: false;
                    readonly properties: {
                        readonly formats: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                        readonly minPixels: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly recommendedPixels: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly maxBytes: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly square: {
                            readonly type: "boolean";
                        };
                        readonly colorSpaces: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                    };
                };
                readonly audio: {
                    readonly type: "object";
                    readonly additionalProperties: false;
                    readonly properties: {
                        readonly formats: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                        readonly bitDepths: {
                            type: string;
                            items: {
                                type: string;
                                minimum: number;
                            };
                        };
                        readonly minSampleRate: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly channels: {
                            type: string;
                            items: {
                                type: string;
                                minimum: number;
                            };
                        };
                        readonly durationToleranceSeconds: {
                            readonly type: "number";
                            readonly minimum: 0;
                        };
                    };
                };
                readonly video: {
                    readonly type: "object";
                    readonly additionalProperties: false;
                    readonly properties: {
                        readonly containers: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                        readonly videoCodecs: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                        readonly audioCodecs: {
                            type: string;
                            items: {
                                type: string;
                                minLength: number;
                            };
                        };
                        readonly minWidth: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly minHeight: {
                            readonly type: "integer";
                            readonly minimum: 1;
                        };
                        readonly minFrameRate: {
                            type: string;
                            exclusiveMinimum: number;
                        };
                        readonly maxFrameRate: {
                            type: string;
                            exclusiveMinimum: number;
                        };
                    };
                };
                readonly genres: {
                    readonly type: "array";
                    readonly items: {
                        readonly type: "string";
                    };
                };
                readonly territories: {
                    type: string;
                    items: {
                        type: string;
                        minLength: number;
                    };
                };
            };
        };
        readonly schemas: {
            readonly type: "string";
            readonly minLength: 1;
            readonly description: "Folder of DDEX XSD sets laid out ern-<version>/…";
        };
        readonly catalog: {
            readonly type: "string";
            readonly minLength: 1;
            readonly description: "JSON catalog export: {memberId, releases:[…], recordings:[…]}.";
        };
    };
};
//# sourceMappingURL=schema.d.ts.map