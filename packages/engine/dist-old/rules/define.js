const RULE_ID = /^[a-z0-9]+(-[a-z0-9]+)+$/;
/** Declares a rule; checks the id and that every hint key names a message. */
export function defineRule(rule) {
    if (!RULE_ID.test(rule.id))
        throw new Error(`rule id "${rule.id}" is not kebab-case <area>-<subject>-<check>`);
    if (typeof rule.meta.hint === 'object') {
        for (const key of Object.keys(rule.meta.hint)) {
            if (!(key in rule.meta.messages))
                throw new Error(`rule ${rule.id}: hint for unknown message id "${key}"`);
        }
    }
    return rule;
}
/** Fills `{name}` placeholders; throws on an unknown message id or an unfilled placeholder (caught by the dispatcher and the tester). */
export function formatMessage(rule, messageId, data = {}) {
    const template = rule.meta.messages[messageId];
    if (template === undefined)
        throw new Error(`rule ${rule.id} reported unknown message id "${messageId}"`);
    const fill = (text) => text.replace(/\{(\w+)\}/g, (_, key) => {
        const value = data?.[key];
        if (value === undefined)
            throw new Error(`rule ${rule.id} message "${messageId}": placeholder {${key}} not filled`);
        return value === null ? '' : String(value);
    });
    const hint = typeof rule.meta.hint === 'string' ? rule.meta.hint : (rule.meta.hint[messageId] ?? '');
    return { message: fill(template), hint: fill(hint) };
}
//# sourceMappingURL=define.js.map