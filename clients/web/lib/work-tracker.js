// What a page is waiting for (edits in flight, answers not yet applied, flow calls), so
// that tests and scripts can wait until it has settled. A page makes its own; nothing here
// is shared between pages or bindings that do not share a tracker.

/**
 * `{track(promise), idle()}`: `idle()` resolves once everything tracked (and what it started) has
 * settled.
 */
export function workTracker() {
  const pending = new Set();
  return {
    track(promise) {
      pending.add(promise);
      const done = () => pending.delete(promise);
      promise.then(done, done);
      return promise;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
