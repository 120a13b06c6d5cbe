/** Language codes (ISO 639) in LanguageOfPerformance/Text/Dubbing, SubTitleLanguage and LanguageAndScriptCode attributes. */
import { defineRule, type RuleHandlers } from '../../define.js';
import { languageTagProblem } from '../../../codes/language-tags.js';
import type { OpenElement } from '../../../xml/events.js';
import { iso, spec, xsd } from '../../sources.js';

/** Elements whose text is a language code. */
const LANGUAGE_ELEMENTS = ['LanguageOfPerformance', 'LanguageOfText', 'LanguageOfDubbing', 'SubTitleLanguage'];
/** Elements that commonly carry `@LanguageAndScriptCode`. */
const TAGGED_ELEMENTS = [
  'NewReleaseMessage', 'PurgeReleaseMessage', 'DisplayTitleText', 'DisplayTitle', 'AdditionalTitle', 'Title', 'ReferenceTitle',
  'DisplayArtistName', 'PartyName', 'LabelName', 'Genre', 'PLine', 'CLine', 'Synopsis', 'MarketingComment', 'DisplayCredits', 'Keywords',
];

export default defineRule({
  id: 'release-language-valid',
  stage: 'release',
  meta: {
    label: 'Language codes',
    description: 'Language codes are ISO 639 codes (en, eng, ja) and LanguageAndScriptCode values are well-formed tags (ja-Jpan, es-419).',
    sources: [
      iso('ISO 639', 'ISO 639-1/-2/-3 language codes'),
      spec('IETF BCP 47', 'language tags (RFC 5646)'),
      xsd('4.3', 'LanguageAndScriptCode (pattern)'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      unknown: '{where}: "{code}" is not an ISO 639 language code.',
      underscore: '{where}: "{code}" separates its parts with "_"; write "{suggestion}".',
      shape: '{where}: "{code}" is not a language tag (language, optional script and region: "en", "ja-Jpan", "pt-BR").',
      case: '{where}: write the language in lower case, "{suggestion}".',
    },
    hint: {
      unknown: 'Use the two-letter ISO 639-1 code (en, fr, ja) or the three-letter ISO 639-2/3 code.',
      underscore: 'Language tags use "-" (BCP 47); ERN 4.2 and later reject "_".',
      shape: 'Use an ISO 639 code, optionally followed by an ISO 15924 script and an ISO 3166 region.',
      case: 'Language subtags are lower case.',
    },
  },
  create(ctx) {
    const check = (code: string, where: string, el: OpenElement) => {
      if (code.trim() === '') return;
      const problem = languageTagProblem(code.trim());
      if (!problem) return;
      ctx.report({ messageId: problem.kind, loc: el, data: { where, code, suggestion: 'suggestion' in problem ? problem.suggestion : '' } });
    };
    const handlers: RuleHandlers = {};
    for (const name of LANGUAGE_ELEMENTS) handlers[name] = (el) => check(el.text, name, el);
    for (const name of TAGGED_ELEMENTS) {
      handlers[`${name}:enter`] = (el) => {
        const code = el.attrs.LanguageAndScriptCode;
        if (code !== undefined) check(code, `${name}/@LanguageAndScriptCode`, el);
      };
    }
    return handlers;
  },
});
