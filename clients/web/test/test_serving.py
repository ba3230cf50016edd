"""What serve.mjs serves for the engine in the page: petflow.wasm as application/wasm under a
policy that lets the page compile it, the flow files of --flows (their list and each file's
bytes, nothing else), the pages with no petflowd at all (--no-daemon), a clear stop when
petflow.wasm was never built; and the pages from a plain static server that answers unknown
addresses with index.html."""

import http.client
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import unittest

import harness
from base import BrowserTest
from reports import ReportTest

EXAMPLES = harness.REPO / "flows" / "examples"


def get(port, path):
    """GET `path` from 127.0.0.1:`port`: (status, headers as a dict, body bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def daemon_lines(bridge):
    return [line for line in bridge.log.read_text().splitlines() if " petflowd " in line and " started (" in line]


class TheModule(unittest.TestCase):
    def test_petflow_wasm_is_served_as_application_wasm_and_may_be_compiled(self):
        status, headers, body = get(harness.session().bridge.port, "/petflow.wasm")
        self.assertEqual((status, headers["Content-Type"]), (200, "application/wasm"))
        self.assertEqual(body, (harness.WEB / "petflow.wasm").read_bytes())
        policy = [part.strip() for part in headers["Content-Security-Policy"].split(";")]
        self.assertIn("script-src 'self' 'wasm-unsafe-eval'", policy)

    def test_without_petflow_wasm_serve_mjs_stops_naming_the_script_that_builds_it(self):
        # A copy of the folder (and of the Node client's finder it imports) with no module.
        copy = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, copy)
        web = os.path.join(copy, "clients", "web")
        shutil.copytree(harness.WEB, web, ignore=shutil.ignore_patterns("petflow.wasm", "out", "screenshots"))
        shutil.copytree(harness.REPO / "clients" / "node" / "lib", os.path.join(copy, "clients", "node", "lib"))
        started = subprocess.run(["node", os.path.join(web, "serve.mjs"), "--port", "0", "--no-daemon"], capture_output=True, text=True, timeout=30)
        self.assertEqual((started.returncode, started.stdout), (1, ""))
        self.assertIn(os.path.join(web, "petflow.wasm"), started.stderr)
        self.assertIn("scripts/build-wasm", started.stderr)


class FlowFiles(unittest.TestCase):
    def test_the_flow_files_of_flows_are_listed_in_petflowds_order_and_served_as_they_are(self):
        bridge = harness.Bridge(os.environ.get("PETFLOWD", str(harness.REPO / ".build" / "release" / "petflowd")), "--flows", str(EXAMPLES), log="serve-flows.log")
        self.addCleanup(bridge.stop)
        status, headers, body = get(bridge.port, "/flows.json")
        names = sorted((name for name in os.listdir(EXAMPLES) if name.endswith(".json")), key=str.encode)
        self.assertEqual((status, headers["Content-Type"], json.loads(body)), (200, "application/json", names))
        for name in names:
            with self.subTest(name=name):
                status, headers, body = get(bridge.port, f"/flows/{name}")
                self.assertEqual((status, body), (200, (EXAMPLES / name).read_bytes()))
        # Only the list's files: no folder, no other type, nothing outside the folder.
        for path in ("/flows/languages", "/flows/languages/allKinds.json", "/flows/..%2freportFoundPet.json", "/flows/.reportSighting.json", "/flows/nothing.json", "/flows/"):
            with self.subTest(path=path):
                self.assertEqual(get(bridge.port, path)[0], 404)

    def test_without_flows_the_list_is_empty(self):
        port = harness.session().bridge.port
        self.assertEqual(json.loads(get(port, "/flows.json")[2]), [])
        self.assertEqual(get(port, "/flows/reportSighting.json")[0], 404)


class NoDaemon(BrowserTest):
    """serve.mjs --no-daemon: the pages on WebAssembly, and /rpc saying there is no petflowd."""

    def setUp(self):
        self.bridge = harness.Bridge(None, "--no-daemon", "--flows", str(EXAMPLES), log="serve-no-daemon.log")
        self.addCleanup(self.bridge.stop)
        self.page = harness.session()

    def test_the_pages_work_and_no_petflowd_ever_runs(self):
        self.page.driver.get(self.bridge.url + "fields")
        self.page.idle()
        self.assertEqual(self.page.driver.execute_script("return window.petflowPage.transport()"), "wasm")
        self.page.element("field-chipNumber").click()
        self.page.keys("123456")
        self.assertState("field-chipNumber", "12345-6", 7)
        # The reports page has the flow files' reports too, from the engine in the page.
        self.page.driver.get(self.bridge.url)
        self.page.idle()
        self.assertTrue(self.page.element("start-reportSighting").is_displayed())
        status, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "initialize"}, "s" * 16, self.bridge.port)
        self.assertEqual((status, answer["error"]["code"]), (200, -32094))
        self.assertIn("no petflowd", answer["error"]["message"])
        self.assertEqual(daemon_lines(self.bridge), [])


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static server of the web folder that answers an unknown address with index.html."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(harness.WEB), **kwargs)

    def send_head(self):
        if not os.path.isfile(self.translate_path(self.path)) and not self.path.split("?")[0].endswith("/"):
            self.path = "/index.html"
        return super().send_head()

    def log_message(self, *args):
        pass


class StaticHosting(ReportTest):
    """The pages from a static server: no bridge, no /flows.json (its index.html instead)."""

    def setUp(self):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StaticHandler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.page = harness.session()
        self.locale = "en"
        self.steps = {}

    def test_a_report_and_the_playground_from_a_static_server(self):
        self.page.driver.get(self.origin)
        self.page.idle()
        self.assertEqual(self.page.driver.execute_script("return window.petflowPage.transport()"), "wasm")
        self.page.element("start-reportMissingPet").click()
        self.page.idle()
        self.type_into("chipNumber", "123456")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-6")
        self.press("next")
        self.assertEqual(self.location(), "/report/reportMissingPet/photo")
        self.page.driver.refresh()  # the server answers the step's address with index.html
        self.page.idle()
        self.assertEqual(self.location(), "/report/reportMissingPet/photo")
        self.page.driver.get(self.origin + "fields")  # index.html there too: it opens fields.html
        self.assertTrue(harness.wait_until(lambda: self.location() == "/fields.html"))
        self.page.idle()
        self.page.element("field-chipNumber").click()
        self.page.keys("123456")
        self.assertState("field-chipNumber", "12345-6", 7)
        self.page.driver.execute_script("sessionStorage.clear()")
