/**
 * HTML built by a tagged template that escapes every value it is given: `html\`<td>${name}</td>\``
 * is safe whatever `name` holds. What is already HTML (another `html` result, a layout piece) is
 * kept as it is; arrays are joined; null, undefined and false write nothing.
 */
import { escapeHtml } from '../http/page-route.js';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Markup the code made itself (never text from a request or the database). */
export const trusted = (markup: string) => new SafeHtml(markup);

export { escapeHtml };
