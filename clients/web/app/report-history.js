// The browser's history of a report: an address per step (/report/FLOW/STEP), one for the
// demo's own check page (/report/FLOW/check-answers) and one for the sent report
// (/report/FLOW/sent), each entry numbered, so that Back and Forward can be told apart
// and a move the report cannot make can be undone.

/** The step name of the demo's check page, for a report whose last step is a question page. */
export const CHECK_PAGE = 'check-answers';
/** The step name of the confirmation of a report sent. */
export const SENT_PAGE = 'sent';

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

export class ReportHistory {
  constructor() {
    this.index = history.state?.index ?? 0; // the entry shown: its number
    this._ignoreNext = false;
  }

  /**
   * Records `place` as a new entry after the one shown ('push'), or in its stead ('replace'); null:
   * none.
   */
  record(mode, place) {
    if (mode === 'push') this.index += 1;
    if (mode === 'push') history.pushState({ ...place, index: this.index }, '', addressOf(place));
    else if (mode === 'replace')
      history.replaceState({ ...place, index: this.index }, '', addressOf(place));
  }

  /**
   * Listens to Back and Forward: `onTravel(place, stay)` for each, where `stay()` puts the
   * browser back on the entry shown (the move could not be made); the entry it returns to is
   * not reported.
   */
  listen(onTravel) {
    window.addEventListener('popstate', (event) => {
      if (this._ignoreNext) {
        this._ignoreNext = false;
        return;
      }
      const place = event.state ?? { ...placeOf(location.pathname), index: 0 };
      const delta = (place.index ?? 0) - this.index;
      const stay = () => {
        if (delta === 0) return;
        this._ignoreNext = true;
        history.go(-delta);
      };
      onTravel(place, stay, () => {
        this.index = place.index ?? 0;
      });
    });
  }
}
