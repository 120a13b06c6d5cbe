/** Validity periods are real dates and do not end before they start. */
import type { Deal } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { dayNumber, parseIsoDate } from '../../../codes/iso-date.js';
import { iso, xsd } from '../../sources.js';

export default defineRule({
  id: 'deals-validity-period',
  stage: 'deals',
  meta: {
    label: 'Validity period valid',
    description: 'Each deal ValidityPeriod has real calendar dates and its start is on or before its end.',
    sources: [
      xsd('4.3', 'Deal/DealTerms/ValidityPeriod (StartDate required from 4.2)'),
      iso('ISO 8601', 'ISO 8601-1:2019 calendar dates'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      invalidDate: 'ValidityPeriod {edge} "{date}" is not a calendar date.',
      endBeforeStart: 'The deal\'s validity period ends ({end}) before it starts ({start}).',
    },
    hint: {
      invalidDate: 'Write the date as YYYY-MM-DD (or a dateTime YYYY-MM-DDThh:mm:ss) with a real month and day.',
      endBeforeStart: 'Swap or correct StartDate and EndDate.',
    },
  },
  create(ctx) {
    /** Whether a period of `deal` has a date that is not one, or ends before it starts. */
    const wrong = (deal: Deal) =>
      deal.validity.some((period) => {
        const start = period.start ? parseIsoDate(period.start) : null;
        const end = period.end ? parseIsoDate(period.end) : null;
        return (period.start && !start) || (period.end && !end) || (start && end && dayNumber(end, 'end') < dayNumber(start, 'start'));
      });
    // Found as deals close (ctx.onDeal), reported at message end.
    const flagged = numbersWhere(ctx.onDeal, wrong);
    return {
      'Message:exit'() {
        for (const n of flagged) {
          const deal = ctx.message.deals.at(n)!;
          const release = deal.releaseReferences[0]?.value ?? null;
          for (const period of deal.validity) {
            const start = period.start ? parseIsoDate(period.start) : null;
            const end = period.end ? parseIsoDate(period.end) : null;
            if (period.start && !start) ctx.report({ messageId: 'invalidDate', loc: period.loc, release, data: { edge: 'start', date: period.start } });
            if (period.end && !end) ctx.report({ messageId: 'invalidDate', loc: period.loc, release, data: { edge: 'end', date: period.end } });
            if (start && end && dayNumber(end, 'end') < dayNumber(start, 'start')) ctx.report({ messageId: 'endBeforeStart', loc: period.loc, release, data: { start: period.start, end: period.end } });
          }
        }
      },
    };
  },
});
