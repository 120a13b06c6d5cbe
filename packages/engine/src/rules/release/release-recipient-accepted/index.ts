/** A store requirement: the message is addressed to the store, by one of its DDEX party ids (DPIDs). */
import { defineRule, type FindingLocation } from '../../define.js';
import { store, xsd } from '../../sources.js';

interface Options {
  partyIds?: string[];
}

export default defineRule({
  id: 'release-recipient-accepted',
  stage: 'release',
  meta: {
    label: 'Addressed to the store',
    description: 'A MessageRecipient of the message is the store, by one of its DDEX party ids (store requirement).',
    sources: [
      store('youtubeHeader', 'the MessageRecipient is one of YouTube\'s DDEX party ids (youtube-recipient)'),
      xsd('4.3', 'MessageHeader/MessageRecipient/PartyId'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      notAddressed: 'The message is addressed to {found}; none is the store ({accepted}).',
      noRecipient: 'The message names no MessageRecipient; the store needs one of {accepted}.',
    },
    hint: 'Put the store\'s DDEX party id ({accepted}) in a MessageRecipient/PartyId of the MessageHeader.',
  },
  create(ctx) {
    const accepted = (ctx.options as Options).partyIds ?? [];
    let header: FindingLocation | null = null;
    let firstRecipient: FindingLocation | null = null;
    return {
      'MessageHeader:enter'(el) {
        header ??= { line: el.line, column: el.column, path: el.path };
      },
      'MessageHeader/MessageRecipient:enter'(el) {
        firstRecipient ??= { line: el.line, column: el.column, path: el.path };
      },
      'Message:exit'() {
        if (accepted.length === 0) return;
        const recipients = ctx.message.header.recipients;
        const list = accepted.join(', ');
        if (recipients.length === 0) {
          ctx.report({ messageId: 'noRecipient', loc: header, data: { accepted: list } });
          return;
        }
        if (recipients.some((r) => r.partyIds.some((id) => accepted.includes(id.trim())))) return;
        const found = recipients.map((r) => r.partyIds[0] ?? r.name ?? '(no party id)').join(', ');
        ctx.report({ messageId: 'notAddressed', loc: firstRecipient ?? header, data: { found, accepted: list } });
      },
    };
  },
});
