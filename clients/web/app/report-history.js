// The browser's history of a report: an address per step (/report/FLOW/STEP), one for the
// demo's own check page (/report/FLOW/check-answers) and one for the sent report
// (/report/FLOW/sent), each entry numbered, so that Back and Forward can be told apart.
// An entry the report can no longer show (its step is off the path, an earlier step does
// not validate, its report has ended) is passed over in the direction the person was going:
// sending the browser back the other way would land the next Back on the same entry again,
// and the person could never get past it.

/** The step name of the demo's check page, for a report whose last step is a question page. */
export const CHECK_PAGE = 'check-answers';
/** The step name of the confirmation of a report sent. */
export const SENT_PAGE = 'sent';

// The number of the tab's last entry, kept for a reload: the History API does not say whether
// there is an entry after the one shown, and Forward past the last one does nothing.
const LAST_KEY = 'petflow.lastEntry';

/**
 * The address of `place` ({view: 'start'} or {flow, step}), keeping the page's options
 * (?transport=).
 */
export function addressOf(place) {
  return place.flow
    ? `/report/${place.flow}/${place.step}${location.search}`
    : `/${location.search}`;
}

/** The place an address names: {flow, step}, or {view: 'start'}. */
export function placeOf(pathname) {
  const match = /^\/report\/([^/]+)\/([^/]+)$/.exec(pathname);
  return match ? { flow: match[1], step: match[2] } : { view: 'start' };
}

/** Whether two places name the same page. */
export function samePlace(a, b) {
  return Boolean(a && b) && a.flow === b.flow && (a.flow ? a.step === b.step : true);
}

export class ReportHistory {
  constructor() {
    /** The page was loaded into an entry of its own (not a reload, not Back into it). */
    this.fresh = history.state === null;
    this.index = history.state?.index ?? 0; // the entry shown: its number
    const kept = Number(sessionStorage.getItem(LAST_KEY));
    // A new entry drops every entry after it.
    this.last = this.fresh || !Number.isSafeInteger(kept) ? this.index : Math.max(kept, this.index);
    sessionStorage.setItem(LAST_KEY, String(this.last));
    this.place = null; // the place the page shows
    this._ignoreNext = false;
    this._moved = null; // resolves the promise of a move this page made, once it is reported
  }

  /**
   * Records `place` as shown: as a new entry after the one shown ('push'), in its stead
   * ('replace'), or already named by the entry shown (null: the browser moved to it).
   */
  record(mode, place) {
    this.place = place;
    if (mode === 'push') {
      this.index += 1;
      this.last = this.index; // Forward entries are gone
      sessionStorage.setItem(LAST_KEY, String(this.last));
      history.pushState({ ...place, index: this.index }, '', addressOf(place));
    } else if (mode === 'replace')
      history.replaceState({ ...place, index: this.index }, '', addressOf(place));
  }

  /**
   * Listens to Back and Forward: `onTravel(entry)` for each, `entry` being the place its entry
   * names and its `index`. The handler answers with arrive(), stay() or passOver(); the
   * promises of the last two are the page's work until the browser has moved.
   */
  listen(onTravel) {
    window.addEventListener('popstate', (event) => {
      if (this._ignoreNext) this._ignoreNext = false;
      else onTravel(event.state ?? { ...placeOf(location.pathname), index: 0 });
      this._moved?.();
      this._moved = null;
    });
  }

  /** The page shows what `entry` names: it is the entry shown. */
  arrive(entry) {
    this.index = entry.index;
  }

  /**
   * Puts the browser back on the entry shown (the person chose to stay where they were, as in
   * the leave dialog); the move back is not reported. Resolves once the browser has made it.
   */
  stay(entry) {
    const delta = entry.index - this.index;
    if (delta === 0) return Promise.resolve();
    this._ignoreNext = true;
    return this._go(-delta);
  }

  /**
   * `entry` cannot be shown: one more step the way the person was going (its entry is
   * reported in turn). With no entry further that way, the entry is made to name the page
   * shown, so that the address says what the page shows and the next move goes on from there.
   */
  passOver(entry) {
    const way = entry.index >= this.index ? 1 : -1;
    const beyond = way > 0 ? entry.index >= this.last : entry.index <= 0;
    if (!beyond) return this._go(way);
    this.index = entry.index;
    history.replaceState({ ...this.place, index: this.index }, '', addressOf(this.place));
    return Promise.resolve();
  }

  /**
   * history.go(delta), and a promise that resolves once its popstate has been handled (so a
   * page's idle() can wait for the next entry's travel to have started).
   */
  _go(delta) {
    const moved = new Promise((resolve) => {
      this._moved = resolve;
    });
    history.go(delta);
    return moved;
  }
}
