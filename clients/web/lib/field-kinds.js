// What the binding needs to know of a field kind, asked of petflowd (field/list) rather than
// restated here: `editing` ("mask": separators and groups; "freeText": every character is
// significant; "none": not typed) and `inputMode` (the HTML inputmode for its keyboard).

/** field/list's answer per rpc function, asked once: bindings sharing an rpc share the call. */
const LISTS = new WeakMap();

/**
 * A promise of the field/list entry of `kind` ({kind, editing, inputMode, …}), asked of `rpc` once.
 */
export function fieldKind(rpc, kind) {
  let list = LISTS.get(rpc);
  if (!list) {
    list = rpc('field/list').then(
      ({ fields }) => new Map(fields.map((entry) => [entry.kind, entry])),
    );
    // A failed ask is not kept: the next binding (or the next try) asks again.
    list.catch(() => LISTS.get(rpc) === list && LISTS.delete(rpc));
    LISTS.set(rpc, list);
  }
  return list.then((kinds) => {
    const entry = kinds.get(kind);
    if (!entry)
      throw new TypeError(
        `petflowd has no field kind '${kind}'; field/list has ${[...kinds.keys()].join(', ')}`,
      );
    return entry;
  });
}
