// petflow.wasm driven through its documented interface alone (protocol.md, "The WebAssembly
// module"), with no JS wrapper in between: a body goes in as raw bytes, so the differential
// test can send what no JS string can carry (invalid UTF-8), and the answer comes out as the
// bytes the module wrote, undecoded.
import { compiledModule } from './sessions.mjs';

/** What the module asks the host for: a fixed day (0 would be "unknown"), random bytes, a log. */
function hostImports(memory, today) {
  const bytesAt = (address, length) => new Uint8Array(memory().buffer, address, length);
  return {
    petflow: {
      today: () => today,
      random: (address, length) => {
        // getRandomValues fills at most 65,536 bytes a call.
        for (let at = 0; at < length; at += 65_536)
          crypto.getRandomValues(bytesAt(address + at, Math.min(65_536, length - at)));
      },
      log: () => {},
    },
  };
}

/** One session of the module, bodies in and answers out as bytes (Uint8Array). */
export class RawAbiSession {
  /** A started session with the built-in flows; `today` as the `today` import answers it. */
  static async open({ today = 20261127 } = {}) {
    const session = new RawAbiSession();
    const instance = await WebAssembly.instantiate(
      await compiledModule(),
      hostImports(() => session.exports.memory, today),
    );
    session.exports = instance.exports;
    const problems = session.exports.petflow_start();
    if (problems !== 0) throw new Error(`petflow_start answered ${problems}`);
    return session;
  }

  /** The answer's bytes (a copy: the reply is valid only until the next call), or null. */
  sendBytes(body) {
    const { memory, petflow_buffer, petflow_handle, petflow_reply } = this.exports;
    const address = petflow_buffer(body.length);
    if (address === 0) throw new RangeError(`petflow_buffer(${body.length}) found no room`);
    new Uint8Array(memory.buffer, address, body.length).set(body);
    const length = petflow_handle(body.length);
    if (length === -1) return null;
    if (length < 0) throw new RangeError(`petflow_handle answered ${length}`);
    // Read memory.buffer afresh: handling the body may have grown (and so replaced) it.
    return new Uint8Array(memory.buffer, petflow_reply(), length).slice();
  }
}
