// Everything a page is waiting for (edits in flight, answers not yet applied, flow calls),
// so that tests and scripts can wait until the page has settled: idle().

const pending = new Set();

/** Counts `promise` as work in progress until it settles; returns it. */
export function track(promise) {
  pending.add(promise);
  const done = () => pending.delete(promise);
  promise.then(done, done);
  return promise;
}

/** Resolves once every tracked piece of work, including work it started, has settled. */
export async function idle() {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
