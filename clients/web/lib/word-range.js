// Where a word delete (Ctrl+Backspace, Ctrl+Delete, Cmd/Alt variants) reaches: the range
// the binding sends as a `replace` with empty text. For free text a word is what
// Intl.Segmenter calls word-like; for masked kinds a group is a run of significant
// characters (letters and digits) between separators, so `12345-67890|` loses `67890`.

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** [{start, end, word}] covering `text`: words and the runs between them. */
function segmentsOf(text, freeText) {
  if (freeText && typeof Intl !== 'undefined' && Intl.Segmenter) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    return [...segmenter.segment(text)].map(({ index, segment, isWordLike }) => ({
      start: index,
      end: index + segment.length,
      word: Boolean(isWordLike),
    }));
  }
  const segments = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+|[^\p{L}\p{N}\p{M}]+/gu)) {
    segments.push({
      start: match.index,
      end: match.index + match[0].length,
      word: WORD_CHARACTER.test(match[0]),
    });
  }
  return segments;
}

/**
 * The range a word delete removes from `text` with the caret at `caret`: backward, from
 * the start of the word before the caret (and the spaces or separators after it) to the
 * caret; forward, from the caret to the end of the next word.
 */
export function wordRange(text, caret, backward, freeText) {
  const segments = segmentsOf(text, freeText);
  if (backward) {
    const word = segments.filter((s) => s.word && s.start < caret).pop();
    return { start: word ? word.start : 0, end: caret };
  }
  const word = segments.find((s) => s.word && s.end > caret);
  return { start: caret, end: word ? word.end : text.length };
}

/** The range a line delete removes (Cmd+Backspace on a Mac): to the line's start or end. */
export function lineRange(text, caret, backward) {
  if (backward) return { start: text.lastIndexOf('\n', caret - 1) + 1, end: caret };
  const end = text.indexOf('\n', caret);
  return { start: caret, end: end === -1 ? text.length : end };
}
