import { located } from './values.js';
export function emptyHeader() {
    return { messageId: null, threadId: null, sender: null, recipients: [], createdDateTime: null, controlType: null, updateIndicator: null };
}
const sender = (m) => (m.header.sender ??= { partyIds: [], name: null });
const lastRecipient = (m) => {
    const list = m.header.recipients;
    if (list.length === 0)
        list.push({ partyIds: [], name: null });
    return list[list.length - 1];
};
/** Relative to the message root. */
export const HEADER_RULES = {
    'MessageHeader/MessageThreadId': { close: (el, m) => { m.header.threadId = el.text; } },
    'MessageHeader/MessageId': { close: (el, m) => { m.header.messageId = located(el, el.text); } },
    'MessageHeader/MessageSender': { open: (_el, m) => { sender(m); } },
    'MessageHeader/MessageSender/PartyId': { close: (el, m) => { if (el.text)
            sender(m).partyIds.push(el.text); } },
    'MessageHeader/MessageSender/PartyName/FullName': { close: (el, m) => { sender(m).name ??= el.text; } },
    'MessageHeader/MessageRecipient': { open: (_el, m) => { m.header.recipients.push({ partyIds: [], name: null }); } },
    'MessageHeader/MessageRecipient/PartyId': { close: (el, m) => { if (el.text)
            lastRecipient(m).partyIds.push(el.text); } },
    'MessageHeader/MessageRecipient/PartyName/FullName': { close: (el, m) => { lastRecipient(m).name ??= el.text; } },
    'MessageHeader/MessageCreatedDateTime': { close: (el, m) => { m.header.createdDateTime = located(el, el.text); } },
    'MessageHeader/MessageControlType': { close: (el, m) => { m.header.controlType = el.text; } },
};
//# sourceMappingURL=header.js.map