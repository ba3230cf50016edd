// autoRpc: the demo's transport. A WebSocket (wsRpc) by default; fetch (httpRpc) when a
// WebSocket cannot open but the bridge answers a fetch (a proxy that refuses upgrades).
import { httpRpc } from './http-rpc.js';
import { wsRpc } from './ws-rpc.js';

/**
 * `rpc(method, params)` over a WebSocket to `url`, falling back to a fetch per call.
 * `rpc.transport` says which is in use.
 */
export function autoRpc(url = '/rpc') {
  const overWebSocket = wsRpc(url);
  const overFetch = httpRpc(url);
  let chosen = overWebSocket;
  let initialize;

  async function rpc(method, params) {
    if (method === 'initialize') initialize = params;
    if (chosen === overFetch) {
      try {
        return await overFetch(method, params);
      } catch (error) {
        // The bridge went away: when it is back, a WebSocket may open again (it may have
        // failed only because the bridge was restarting), so it is tried first again.
        if (error.linkDown) {
          chosen = overWebSocket;
          rpc.transport = 'ws';
        }
        throw error;
      }
    }
    try {
      return await overWebSocket(method, params);
    } catch (error) {
      if (!error.data?.cannotOpen) throw error;
      // Only a fetch that works decides for fetch: with the bridge down, both fail, and
      // the next call tries a WebSocket again.
      if (initialize !== undefined && method !== 'initialize')
        await overFetch('initialize', initialize);
      const result = await overFetch(method, params);
      chosen = overFetch;
      rpc.transport = 'http';
      return result;
    }
  }
  rpc.transport = 'ws';
  return rpc;
}
