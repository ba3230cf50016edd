#!/usr/bin/env python3
"""Writes the daemon fuzzer's seed corpus from the example sessions in protocol.md.

Each example becomes two seeds: NDJSON and LSP-framed. The first byte of a seed is the
fuzz target's control byte (framing and chunk size); flow ids are the fuzz target's
deterministic ones ("f-1", "f-2").
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "fuzz" / "corpus" / "daemon"
out.mkdir(parents=True, exist_ok=True)
text = (root / "protocol.md").read_text(encoding="utf-8")
blocks = re.findall(r"```jsonrpc\n(.*?)```", text, re.S)
for number, block in enumerate(blocks, 1):
    lines = [line[4:] for line in block.splitlines() if line.startswith("--> ")]
    lines = [line.replace('"{{flowId}}"', '"f-1"').replace('"{{importedId}}"', '"f-2"') for line in lines]
    ndjson = "".join(line + "\n" for line in lines).encode()
    lsp = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(line.encode()), line.encode()) for line in lines)
    # control byte: 189 -> auto framing, 64-byte chunks; 1 -> LSP framing, 1-byte chunks
    (out / f"example-{number:02d}-ndjson").write_bytes(bytes([189]) + ndjson)
    (out / f"example-{number:02d}-lsp").write_bytes(bytes([1]) + lsp)
print(f"{2 * len(blocks)} seeds in {out.relative_to(root)}")
