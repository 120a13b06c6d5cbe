/**
 * `MessageHeader` (same path in every root and version): ids, sender / recipients (party ids and
 * name), creation time and control type. 3.x allows several sender PartyIds; 4.x exactly one.
 */
import type { ErnMessage, MessageHeader } from './model.js';
import type { Rules } from './dispatch.js';
import { located } from './values.js';

export function emptyHeader(): MessageHeader {
  return { messageId: null, threadId: null, sender: null, recipients: [], createdDateTime: null, controlType: null, updateIndicator: null };
}

type Party = { partyIds: string[]; name: string | null };
const sender = (m: ErnMessage): Party => (m.header.sender ??= { partyIds: [], name: null });
const lastRecipient = (m: ErnMessage): Party => {
  const list = m.header.recipients;
  if (list.length === 0) list.push({ partyIds: [], name: null });
  return list[list.length - 1];
};

/** Relative to the message root. */
export const HEADER_RULES: Rules<ErnMessage> = {
  'MessageHeader/MessageThreadId': { close: (el, m) => { m.header.threadId = el.text; } },
  'MessageHeader/MessageId': { close: (el, m) => { m.header.messageId = located(el, el.text); } },
  'MessageHeader/MessageSender': { open: (_el, m) => { sender(m); } },
  'MessageHeader/MessageSender/PartyId': { close: (el, m) => { if (el.text) sender(m).partyIds.push(el.text); } },
  'MessageHeader/MessageSender/PartyName/FullName': { close: (el, m) => { sender(m).name ??= el.text; } },
  'MessageHeader/MessageRecipient': { open: (_el, m) => { m.header.recipients.push({ partyIds: [], name: null }); } },
  'MessageHeader/MessageRecipient/PartyId': { close: (el, m) => { if (el.text) lastRecipient(m).partyIds.push(el.text); } },
  'MessageHeader/MessageRecipient/PartyName/FullName': { close: (el, m) => { lastRecipient(m).name ??= el.text; } },
  'MessageHeader/MessageCreatedDateTime': { close: (el, m) => { m.header.createdDateTime = located(el, el.text); } },
  'MessageHeader/MessageControlType': { close: (el, m) => { m.header.controlType = el.text; } },
};
