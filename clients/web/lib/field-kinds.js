// What the binding needs to know of a field kind, asked of petflowd (field/list) rather than
// restated here: `editing` ("mask": separators and groups; "freeText": every character is
// significant; "none": not typed) and `inputMode` (the HTML inputmode for its keyboard).

/** field/list's answer per rpc function, asked once: bindings sharing an rpc share the call. */
const LISTS = new WeakMap();

/**
 * TEMPORARY, until petflowd's field/list carries `editing` and `inputMode` (issue 20; the
 * daemon change is on its way to main): the two read from what field/list says today. Remove
 * with the merge that brings them; nothing else reads `keyboard`.
 */
function describedToday(entry) {
  if (entry.editing !== undefined && entry.inputMode !== undefined) return entry;
  const modes = { numberPad: 'numeric', phonePad: 'tel', decimalPad: 'decimal', emailAddress: 'email', default: 'text', none: 'none' };
  const editing = !entry.textEditable ? 'none' : entry.keyboard === 'default' || entry.keyboard === 'emailAddress' ? 'freeText' : 'mask';
  return { ...entry, editing: entry.editing ?? editing, inputMode: entry.inputMode ?? modes[entry.keyboard] ?? 'text' };
}

/** A promise of the field/list entry of `kind` ({kind, editing, inputMode, …}), asked of `rpc` once. */
export function fieldKind(rpc, kind) {
  let list = LISTS.get(rpc);
  if (!list) {
    list = rpc('field/list').then(({ fields }) => new Map(fields.map((entry) => [entry.kind, describedToday(entry)])));
    // A failed ask is not kept: the next binding (or the next try) asks again.
    list.catch(() => LISTS.get(rpc) === list && LISTS.delete(rpc));
    LISTS.set(rpc, list);
  }
  return list.then((kinds) => {
    const entry = kinds.get(kind);
    if (!entry) throw new TypeError(`petflowd has no field kind '${kind}'; field/list has ${[...kinds.keys()].join(', ')}`);
    return entry;
  });
}
