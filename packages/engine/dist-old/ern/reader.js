import { Dispatcher } from './dispatch.js';
import { emptyMessage } from './new-records.js';
import { finish3, ROOT_TABLE_3 } from './reader-3.js';
import { finish4, ROOT_TABLE_4 } from './reader-4.js';
import { referenceOf } from './references.js';
export function createErnReader(init) {
    const message = emptyMessage(init.version, init.root);
    const family4 = message.family === '4';
    const dispatcher = new Dispatcher(init.root.name.length + 1, family4 ? ROOT_TABLE_4 : ROOT_TABLE_3, message);
    let finished = false;
    const listener = {
        name: 'ern-reader',
        onOpen: (el) => dispatcher.onOpen(el),
        onClose: (el) => {
            const reference = referenceOf(el);
            if (reference)
                message.references.push(reference);
            dispatcher.onClose(el);
        },
    };
    return {
        listener,
        message,
        finish() {
            if (!finished) {
                finished = true;
                if (family4)
                    finish4(message);
                else
                    finish3(message);
            }
            return message;
        },
    };
}
//# sourceMappingURL=reader.js.map