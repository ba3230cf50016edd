// The field/edit `edit` objects the binding sends: a builder for each edit type petflowd takes
// (test/vocabulary.test.mjs holds the builders to the types petflowd names).

/** Typing, pasting or dropping `text` over the selection. */
export const insert = (text) => ({ type: 'insert', text });
/** Backspace, or the selection deleted. */
export const deleteBackward = () => ({ type: 'deleteBackward' });
/** Forward delete. */
export const deleteForward = () => ({ type: 'deleteForward' });
/** `text` in place of text.slice(start, end): a word delete, a re-composed word. */
export const replace = (start, end, text) => ({ type: 'replace', start, end, text });
