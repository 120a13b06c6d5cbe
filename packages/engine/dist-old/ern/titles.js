import { Table } from './dispatch.js';
const TITLE = new Table({
    TitleText: { close: (el, t) => { if (t.text === '')
            t.text = el.text; } },
    SubTitle: { close: (el, t) => { t.subTitle ??= el.text; } },
});
/** Opens a title scope on `el`; the finished title is handed to `add`. `territory` overrides `@ApplicableTerritoryCode` (3.x blocks). */
export function openTitle(el, d, type, add, territory) {
    const title = {
        text: '',
        subTitle: null,
        type,
        territory: territory !== undefined ? territory : (el.attrs.ApplicableTerritoryCode ?? null),
        language: el.attrs.LanguageAndScriptCode ?? null,
    };
    d.push(el, TITLE, title, add);
}
/** 4.x `DisplayTitleText`: the whole title in one leaf. */
export function leafTitle(el) {
    return {
        text: el.text,
        subTitle: null,
        type: 'DisplayTitleText',
        territory: el.attrs.ApplicableTerritoryCode ?? null,
        language: el.attrs.LanguageAndScriptCode ?? null,
    };
}
//# sourceMappingURL=titles.js.map