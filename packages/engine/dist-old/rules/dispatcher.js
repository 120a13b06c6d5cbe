import { formatMessage } from './define.js';
import { familyOf } from '../xml/version.js';
const RELEASE_ELEMENTS = new Set(['Release', 'TrackRelease', 'ClipRelease']);
export class RuleDispatcher {
    active;
    init;
    listener;
    /** Release references the catalog found on the member. */
    updates = new Set();
    pending = [];
    enter = new Map();
    close = new Map();
    handlers = [];
    found = [];
    contexts = [];
    releaseFrame = null;
    constructor(active, init, version) {
        this.active = active;
        this.init = init;
        active.forEach((entry, index) => {
            const ctx = this.contextFor(entry, index, version);
            this.contexts.push(ctx);
            this.found.push(false);
            let handlers = {};
            if (entry.rule.create && appliesTo(entry.rule, version) && hasWhatItNeeds(entry.rule, init)) {
                try {
                    handlers = entry.rule.create(ctx);
                }
                catch (error) {
                    this.internalFailure(index, error, null);
                }
            }
            this.handlers.push(handlers);
            for (const [key, fn] of Object.entries(handlers)) {
                if (!fn || key === 'Message:exit' || key === 'Media:exit')
                    continue;
                const isEnter = key.endsWith(':enter');
                const selector = isEnter ? key.slice(0, -':enter'.length) : key;
                const name = selector.slice(selector.lastIndexOf('/') + 1);
                const matcher = { suffix: selector.startsWith('/') ? selector : '/' + selector, absolute: selector.startsWith('/'), ruleIndex: index, fn: fn };
                const table = isEnter ? this.enter : this.close;
                table.set(name, [...(table.get(name) ?? []), matcher]);
            }
        });
        this.listener = {
            name: 'rules',
            onOpen: (el) => {
                if (RELEASE_ELEMENTS.has(el.name) && el.depth === 3)
                    this.releaseFrame = { reference: null };
                const matchers = this.enter.get(el.name);
                if (matchers)
                    this.run(matchers, el);
            },
            onClose: (el) => {
                if (this.releaseFrame && el.name === 'ReleaseReference' && el.depth === 4 && !this.releaseFrame.reference)
                    this.releaseFrame.reference = el.text;
                const matchers = this.close.get(el.name);
                if (matchers)
                    this.run(matchers, el);
                if (RELEASE_ELEMENTS.has(el.name) && el.depth === 3)
                    this.releaseFrame = null;
            },
        };
    }
    /** Runs `Message:exit` (or `Media:exit`) handlers in rule order; awaited one by one. */
    async exit(hook, media = null) {
        for (let index = 0; index < this.handlers.length; index++) {
            const fn = this.handlers[index][hook];
            if (!fn)
                continue;
            this.contexts[index].media = media;
            try {
                await fn();
            }
            catch (error) {
                this.internalFailure(index, error, null);
            }
        }
    }
    /** Findings made so far, without `pass` checks (for a message that could not be read to its end). */
    findings() {
        return this.pending.map(({ check, frame }) => (check.release === null && frame ? { ...check, release: frame.reference } : check));
    }
    /** Checks of this message: findings, then one `pass` per applicable rule that found nothing. */
    checks(version) {
        const out = this.findings();
        this.active.forEach((entry, index) => {
            if (this.found[index])
                return;
            if (version && !appliesTo(entry.rule, version))
                return;
            if (!hasWhatItNeeds(entry.rule, this.init))
                return;
            if (!entry.rule.create)
                return;
            out.push(baseCheck(entry, { status: 'pass', message: entry.rule.meta.description, file: this.init.file }));
        });
        return out;
    }
    run(matchers, el) {
        for (const m of matchers) {
            if (m.absolute ? el.bare !== m.suffix : !el.bare.endsWith(m.suffix))
                continue;
            try {
                m.fn(el);
            }
            catch (error) {
                this.internalFailure(m.ruleIndex, error, el);
            }
        }
    }
    contextFor(entry, index, version) {
        const dispatcher = this;
        const init = this.init;
        return {
            ruleId: entry.rule.id,
            version,
            family: familyOf(version),
            get message() {
                return init.message();
            },
            file: init.file,
            options: entry.options,
            profile: init.profile,
            catalog: init.catalog,
            schemasDir: init.schemasDir ?? null,
            media: null,
            currentRelease: () => dispatcher.releaseFrame?.reference ?? null,
            markUpdate: (reference) => dispatcher.updates.add(reference),
            report(descriptor) {
                dispatcher.record(entry, index, descriptor, entry.severity === 'error' ? 'error' : entry.severity === 'warn' ? 'warning' : 'pass');
            },
            skip(descriptor) {
                dispatcher.record(entry, index, descriptor, 'skipped');
            },
        };
    }
    record(entry, index, descriptor, status) {
        const init = this.init;
        this.found[index] = true;
        const { message, hint } = formatMessage(entry.rule, descriptor.messageId, descriptor.data);
        const check = baseCheck(entry, {
            status,
            message,
            hint,
            field: descriptor.loc?.path ?? '',
            line: descriptor.loc?.line ?? null,
            column: descriptor.loc?.column ?? null,
            file: descriptor.file ?? init.file,
            release: descriptor.release ?? null,
            resource: descriptor.resource ?? null,
            message_id: descriptor.messageId,
        });
        if (entry.severity === 'info' && status === 'pass')
            check.severity = 'info';
        if (descriptor.needsStaff)
            check.needs_staff = true;
        // Findings without an explicit release take the release being read, resolved later.
        const frame = descriptor.release === undefined && descriptor.loc ? this.releaseFrame : null;
        this.pending.push({ check, frame });
    }
    internalFailure(index, error, el) {
        this.found[index] = true;
        const entry = this.active[index];
        this.pending.push({
            check: baseCheck(entry, {
                status: 'skipped',
                message: `rule ${entry.rule.id} failed internally and was skipped: ${error?.message ?? String(error)}`,
                hint: 'This is a bug in ddex-check, not in the delivery; please report it with the message.',
                field: el?.path ?? '',
                line: el?.line ?? null,
                column: el?.column ?? null,
                file: this.init.file,
            }),
            frame: null,
        });
    }
}
/** A rule that needs a catalog (with a member) says nothing when the run has none: it was not checked. */
function hasWhatItNeeds(rule, init) {
    return !rule.meta.requires?.includes('catalog') || (init.catalog !== null && init.catalog.memberId !== null);
}
export function appliesTo(rule, version) {
    return rule.meta.versions === 'all' || rule.meta.versions.includes(version);
}
export function baseCheck(entry, fields) {
    return {
        stage: entry.rule.stage,
        rule: entry.rule.id,
        label: entry.rule.meta.label,
        field: '',
        line: null,
        column: null,
        file: '',
        release: null,
        hint: '',
        ...fields,
    };
}
//# sourceMappingURL=dispatcher.js.map