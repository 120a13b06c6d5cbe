/**
 * Titles: 3.x `ReferenceTitle` / `Title[@TitleType]` and 4.x `DisplayTitle` / `AdditionalTitle`
 * (each with TitleText + SubTitle), and the 4.x leaf `DisplayTitleText`.
 */
import type { ClosedElement, OpenElement } from '../xml/events.js';
import type { Title } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';

const TITLE = new Table<Title>({
  TitleText: { close: (el, t) => { if (t.text === '') t.text = el.text; } },
  SubTitle: { close: (el, t) => { t.subTitle ??= el.text; } },
});

/** Opens a title scope on `el`; the finished title is handed to `add`. `territory` overrides `@ApplicableTerritoryCode` (3.x blocks). */
export function openTitle(el: OpenElement, d: Dispatcher, type: string | null, add: (t: Title) => void, territory?: string | null): void {
  const title: Title = {
    text: '',
    subTitle: null,
    type,
    territory: territory !== undefined ? territory : (el.attrs.ApplicableTerritoryCode ?? null),
    language: el.attrs.LanguageAndScriptCode ?? null,
  };
  d.push(el, TITLE, title, add);
}

/** 4.x `DisplayTitleText`: the whole title in one leaf. */
export function leafTitle(el: ClosedElement): Title {
  return {
    text: el.text,
    subTitle: null,
    type: 'DisplayTitleText',
    territory: el.attrs.ApplicableTerritoryCode ?? null,
    language: el.attrs.LanguageAndScriptCode ?? null,
  };
}
