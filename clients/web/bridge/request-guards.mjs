// What a request must show before the bridge serves it: its own Host (so a DNS-rebinding
// page cannot reach it by another name) and, for a POST or a WebSocket, its own Origin (so
// no other site can make a visitor's browser drive the daemon).

/** The hosts a request may name: the address the bridge listens on, and localhost. */
export function allowedHosts(port) {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Null when `request` may go on, else why it is refused (a 403). */
export function refusal(request, hosts) {
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return `Host '${host}' is not this server`;
  // A POST or a WebSocket can act on the daemon; browsers let any page open a WebSocket anywhere.
  if (request.method !== 'POST' && request.headers.upgrade === undefined) return null;
  const origin = request.headers.origin;
  // Browsers send Origin with every POST; a client without one (curl, a script) is local.
  if (origin !== undefined && !hosts.has(origin.toLowerCase().replace(/^http:\/\//, ''))) {
    return `Origin '${origin}' is not this server`;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${site} request`;
  return null;
}
