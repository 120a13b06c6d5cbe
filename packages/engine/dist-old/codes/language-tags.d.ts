export type LanguageProblem = {
    kind: 'unknown';
    language: string;
} | {
    kind: 'underscore';
    suggestion: string;
} | {
    kind: 'shape';
} | {
    kind: 'case';
    suggestion: string;
};
/** What is wrong with a language tag, or null. */
export declare function languageTagProblem(tag: string): LanguageProblem | null;
export declare function languageName(code: string): string | null;
//# sourceMappingURL=language-tags.d.ts.map