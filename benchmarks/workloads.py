"""The workloads instructions are counted on: what each sends, and its cost per request.

Each figure is the difference of two runs of the same stream, one short and one long,
divided by the requests between them, so start-up drops out: ((N-run) - (1-run)) / (N - 1).
Keystroke streams repeat a cycle; a count whose N - 1 is not a whole number of cycles is
rounded up to one that is, so the figure is the mean over whole cycles. Every stream is
LSP-framed, as UIs speak, with ids counting up from 1 as a client's do.

Python standard library only.
"""

import functools
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

CHIP_CYCLE = 16  # 0 to 15 digits: the driver's typed_chip
LATITUDE_TYPED = "52.2297"
PASTE_BYTES = 1 << 20


def lsp(body):
    data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def request(number, method, params):
    return lsp({"jsonrpc": "2.0", "id": number, "method": method, "params": params})


def whole_cycles(count, cycle):
    """The smallest count at or above `count` whose count - 1 is a whole number of cycles."""
    return 1 + cycle * max(1, -(-(count - 1) // cycle))


def per_request(callgrind, stream, count):
    """((count-run) - (1-run)) / (count - 1) for a stream function stream(n) -> bytes."""
    one = callgrind.count(stream(1), 1)
    many = callgrind.count(stream(count), count)
    return (many - one) / (count - 1)


# ---------------------------------------------------------------------------- chip number


@functools.cache
def driver():
    """The benchmark's driver, compiled once per process."""
    sys.path.insert(0, HERE)
    import run  # the benchmark's compiler discovery and build of the driver

    return run.compile_tools(run.find_compiler())["driver"]


def chip_keystrokes(count, framing="lsp"):
    """The benchmark's own keystroke stream (`driver --scenario stream`): a typist's chip
    number, `field/format` of the text the previous answer showed plus one digit, caret at
    the end, from 0 to 15 digits and again."""
    return subprocess.run(
        [driver(), "--scenario", "stream", "--framing", framing, "--requests", str(count)],
        check=True, capture_output=True).stdout


def chip_keystroke(callgrind, count):
    return per_request(callgrind, chip_keystrokes, whole_cycles(count, CHIP_CYCLE))


# ---------------------------------------------------------------------------- latitude


def latitude_keystrokes(count):
    """`52.2297` typed one key at a time: `field/edit` inserting the next key at the caret
    at the end of what the previous answer showed, and again. Every answer carries a
    value, a JSON number (5, 52, 52, 52.2, ... 52.2297)."""
    messages = []
    for i in range(count):
        at = i % len(LATITUDE_TYPED)
        text = LATITUDE_TYPED[:at]
        messages.append(request(i + 1, "field/edit", {
            "field": "latitude", "text": text,
            "selection": {"start": len(text), "end": len(text)},
            "edit": {"type": "insert", "text": LATITUDE_TYPED[at]}}))
    return b"".join(messages)


def latitude_keystroke(callgrind, count):
    return per_request(callgrind, latitude_keystrokes, whole_cycles(count, len(LATITUDE_TYPED)))


# ---------------------------------------------------------------------------- flows

FLOW_START = request(0, "flow/start", {"flow": "reportMissingPet"})


def flow_pairs(count):
    """The benchmark's flow cycle: `flow/next` with a chip number on reportMissingPet's
    first step, then `flow/back`, `count` times, on the flow that FLOW_START's answer names."""
    def messages(answer):
        if "flowId" not in answer.get("result", {}):
            sys.exit(f"workloads.py: flow/start did not start a flow: {answer}")
        flow = answer["result"]["flowId"]
        pairs = []
        for i in range(count):
            pairs.append(request(2 * i + 1, "flow/next", {
                "flowId": flow, "values": {"chipNumber": "12345-67890-12345"}}))
            pairs.append(request(2 * i + 2, "flow/back", {"flowId": flow}))
        return pairs
    return messages


FLOW_START_FOUND = request(0, "flow/start", {"flow": "reportFoundPet"})


def flow_nexts_that_stay(answer, count):
    """`flow/next` on reportFoundPet's photo step with an unusable photo, `count` times: each
    keeps it as a rejected input, validates the step and answers the snapshot with its error.
    The path of a Continue without the step change (tracepath.py traces it)."""
    if "flowId" not in answer.get("result", {}):
        sys.exit(f"workloads.py: flow/start did not start a flow: {answer}")
    flow = answer["result"]["flowId"]
    photo = {"uri": "content://media/42", "mimeType": "text/plain"}
    return [request(i + 1, "flow/next", {"flowId": flow, "values": {"photo": photo}})
            for i in range(count)]


def flow_pair(callgrind, count):
    """Instructions per `flow/next` + `flow/back` pair."""
    one = callgrind.count_session(FLOW_START, flow_pairs(1))
    many = callgrind.count_session(FLOW_START, flow_pairs(count))
    return (many - one) / (count - 1)


# ---------------------------------------------------------------------------- pastes


def pasted_text(field, size=PASTE_BYTES):
    """The benchmark driver's paste: junk around digits, or prose with an emoji."""
    unit = ("Brown dog, white paws, answers to Reksio. Zaginął w pobliżu parku 🐶. "
            if field == "text" else "12345-67890 98765 ").encode()
    text = unit * (size // len(unit))
    return (text + b"x" * (size - len(text))).decode()


def pastes(field):
    """A stream function: `field/format` of a 1 MiB paste, n times."""
    params = {"field": field, "text": pasted_text(field)}
    return lambda n: b"".join(request(i + 1, "field/format", params) for i in range(n))


def paste(callgrind, field):
    """Instructions per `field/format` of a 1 MiB paste into `field` (1 and 3 requests)."""
    return per_request(callgrind, pastes(field), 3)
