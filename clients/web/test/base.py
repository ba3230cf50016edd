"""The base of every browser test: the suite's one page, opened fresh on the page a test
class names."""

import unittest

import harness


class BrowserTest(unittest.TestCase):
    path = "/fields"
    latency = 0
    #: The page's transport: the engine in the page ("wasm"), or through the bridge ("ws",
    #: "http"); None: the page's own choice (wasm where WebAssembly is there).
    transport = "wasm"
    width = harness.DESKTOP

    def setUp(self):
        self.page = harness.session()
        self.page.open(self.path, self.latency, self.transport, self.width)

    def assertState(self, element_id, text, start, end=None):
        """The control shows `text` with the selection start..end (a caret when end is None)."""
        self.assertEqual(self.page.state(element_id), (text, start, start if end is None else end))
