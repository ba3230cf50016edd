"""serve.mjs as the issue asks: what it refuses (403, 404, 413), what it forwards (a message or
a batch, the page's own ids), and a petflowd that dies (its calls in flight fail with a
JSON-RPC error, a new one answers the next call)."""

import json
import os
import signal
import socket
import threading
import unittest

import harness
from websocket_client import WebSocket


def page_origin():
    return harness.session().bridge.url.rstrip("/")


class Refusals(unittest.TestCase):
    def setUp(self):
        self.bridge = harness.session().bridge

    def test_another_host_is_403(self):
        for host in ("evil.example", f"evil.example:{self.bridge.port}", "127.0.0.1", f"127.0.0.2:{self.bridge.port}"):
            with self.subTest(host=host):
                status, _ = harness.http("GET", "/", headers={"Host": host})
                self.assertEqual(status, 403)
        self.assertEqual(harness.http("GET", "/", headers={"Host": f"localhost:{self.bridge.port}"})[0], 200)

    def test_a_cross_origin_post_is_403(self):
        body = b'{"jsonrpc":"2.0","id":1,"method":"field/list"}'
        for origin in ("http://evil.example", f"http://127.0.0.1:{self.bridge.port + 1}", "null", f"https://127.0.0.1:{self.bridge.port}"):
            with self.subTest(origin=origin):
                self.assertEqual(harness.http("POST", "/rpc", body, {"Origin": origin})[0], 403)
        self.assertEqual(harness.http("POST", "/rpc", body, {"Sec-Fetch-Site": "cross-site"})[0], 403)
        self.assertEqual(harness.http("POST", "/rpc", body, {"Origin": page_origin()})[0], 200)

    def test_paths_outside_the_folder_are_404(self):
        for path in (
            "/../../README.md",
            "/..%2f..%2fREADME.md",
            "/%2e%2e/%2e%2e/protocol.md",
            "/app/../../../Package.swift",
            "/bridge/server.mjs",  # inside, but not a page's file type
            "/serve.mjs",
            "/.gitignore",
            "/test/%00.png",
            "/%E0%A4%A",
            "/nothing-here.html",
        ):
            with self.subTest(path=path):
                self.assertEqual(harness.http("GET", path)[0], 404)
        for path in ("/", "/fields", "/petflow-input.js", "/style.css", "/app/wizard.js"):
            with self.subTest(path=path):
                self.assertEqual(harness.http("GET", path)[0], 200)

    def test_a_body_over_petflowds_message_limit_is_413(self):
        # Announced too large: refused before a byte of the body is read.
        with socket.create_connection(("127.0.0.1", self.bridge.port), timeout=10) as connection:
            connection.sendall(
                (
                    f"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:{self.bridge.port}\r\n"
                    "Content-Type: application/json\r\nContent-Length: 8388609\r\n\r\n"
                ).encode()
            )
            self.assertTrue(connection.recv(4096).startswith(b"HTTP/1.1 413"))
        # Sent chunked, without a length: refused once it passes the limit.
        with socket.create_connection(("127.0.0.1", self.bridge.port), timeout=10) as connection:
            connection.sendall(
                (
                    f"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:{self.bridge.port}\r\n"
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                ).encode()
            )
            chunk = b"x" * (1 << 20)
            answer = b""
            try:
                for _ in range(9):
                    connection.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                connection.settimeout(10)
                answer = connection.recv(4096)
            except (BrokenPipeError, ConnectionResetError):
                answer = answer or connection.recv(4096)
            self.assertTrue(answer.startswith(b"HTTP/1.1 413"), answer[:80])
        # A body just under the limit is forwarded (and petflowd judges it).
        status, body = harness.http("POST", "/rpc", b" " * (8 * 1024 * 1024 - 100) + b"[]", {"Origin": page_origin()})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["error"]["code"], -32600)

    def test_only_post_on_rpc_and_only_json(self):
        self.assertEqual(harness.http("GET", "/rpc")[0], 405)
        self.assertEqual(harness.http("POST", "/rpc", b"{}", {"Content-Type": "text/plain"})[0], 415)
        self.assertEqual(harness.http("POST", "/rpc?locale=fr", b"{}")[0], 404)
        self.assertEqual(harness.http("DELETE", "/")[0], 405)


class Serving(unittest.TestCase):
    def test_one_connection_carries_many_calls(self):
        import http.client

        port = harness.session().bridge.port
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.addCleanup(connection.close)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "age", "text": "3"}})
        sockets = set()
        for _ in range(5):
            connection.request("POST", "/rpc", body, {"Content-Type": "application/json", "Origin": page_origin()})
            response = connection.getresponse()
            self.assertEqual(response.status, 200)
            self.assertEqual(response.getheader("Connection"), "keep-alive")
            response.read()
            sockets.add(id(connection.sock))
        self.assertEqual(len(sockets), 1)

    def test_a_missing_petflowd_is_said_at_start(self):
        import subprocess

        started = subprocess.run(
            ["node", str(harness.WEB / "serve.mjs"), "--port", "0", "--binary", "/nonexistent/petflowd"],
            capture_output=True,
            text=True,
            timeout=30,
        )
        self.assertEqual(started.returncode, 1)
        self.assertEqual(started.stdout, "")
        self.assertIn("cannot start petflowd", started.stderr)


class Forwarding(unittest.TestCase):
    def test_a_message_keeps_the_pages_own_id(self):
        status, answer = harness.rpc(
            {"jsonrpc": "2.0", "id": "keystroke-7", "method": "field/format", "params": {"field": "chipNumber", "text": "123456"}}
        )
        self.assertEqual(status, 200)
        self.assertEqual(answer["id"], "keystroke-7")
        self.assertEqual((answer["result"]["text"], answer["result"]["caret"]), ("12345-6", 7))

    def test_a_batch_answers_its_requests_in_order_and_not_its_notifications(self):
        status, answers = harness.rpc(
            [
                {"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "phone", "text": "+48 1"}},
                {"jsonrpc": "2.0", "method": "initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "pet/feed"},
                7,
            ]
        )
        self.assertEqual(status, 200)
        self.assertEqual([a["id"] for a in answers], [1, 2, None])
        self.assertEqual(answers[0]["result"]["text"], "+481")
        self.assertEqual(answers[1]["error"]["code"], -32601)
        self.assertEqual(answers[2]["error"]["code"], -32600)

    def test_an_id_javascript_cannot_read_exactly_is_refused_not_changed(self):
        for raw_id in (b"9007199254740993", b"1e400", b"1.5"):
            body = b'{"jsonrpc":"2.0","id":' + raw_id + b',"method":"field/format","params":{"field":"age","text":"1"}}'
            status, text = harness.http("POST", "/rpc", body, {"Origin": page_origin()})
            answer = json.loads(text)
            self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, None, -32600), raw_id)
        status, answer = harness.rpc({"jsonrpc": "2.0", "id": 9007199254740991, "method": "field/format", "params": {"field": "age", "text": "1"}})
        self.assertEqual((answer["id"], answer["result"]["text"]), (9007199254740991, "1"))

    def test_only_notifications_get_204(self):
        self.assertEqual(harness.http("POST", "/rpc", b'{"jsonrpc":"2.0","method":"initialized"}', {"Origin": page_origin()})[0], 204)

    def test_bad_json_is_a_parse_error(self):
        status, body = harness.http("POST", "/rpc", b'{"jsonrpc":', {"Origin": page_origin()})
        self.assertEqual((status, json.loads(body)["error"]["code"]), (200, -32700))

    def test_the_bridge_owns_the_session(self):
        for method in ("initialize", "shutdown", "exit"):
            with self.subTest(method=method):
                _, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": method})
                self.assertEqual(answer["error"]["code"], -32601)
        _, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "text", "text": "🐶"}})
        self.assertEqual(answer["result"]["caret"], 2, "still UTF-16")

    def test_each_language_has_its_own_petflowd(self):
        params = {"field": "email", "text": "x@"}
        _, english = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": params})
        _, polish = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": params}, "pl")
        self.assertNotEqual(english["result"]["error"]["message"], polish["result"]["error"]["message"])


class DaemonDeath(unittest.TestCase):
    def test_calls_in_flight_fail_and_a_new_petflowd_answers_the_next(self):
        bridge = harness.session().bridge
        harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/list"})  # the English daemon runs
        english = bridge.daemon("en")
        os.kill(english, signal.SIGSTOP)  # it takes the call and never answers
        answers = []
        caller = threading.Thread(
            target=lambda: answers.append(harness.rpc({"jsonrpc": "2.0", "id": 9, "method": "flow/start", "params": {"flow": "reportFoundPet"}}))
        )
        caller.start()
        harness.wait_until(lambda: False, timeout=0.5)  # the call reaches the stopped daemon
        os.kill(english, signal.SIGKILL)
        caller.join(10)
        status, answer = answers[0]
        self.assertEqual(status, 200)
        self.assertEqual(answer["id"], 9)
        self.assertEqual(answer["error"]["code"], -32099)
        self.assertIn("petflowd exited", answer["error"]["message"])
        self.assertTrue(harness.wait_until(lambda: bridge.daemon("en") not in (None, english)))
        _, answer = harness.rpc({"jsonrpc": "2.0", "id": 10, "method": "field/format", "params": {"field": "chipNumber", "text": "123456"}})
        self.assertEqual(answer["result"]["text"], "12345-6")


class WebSockets(unittest.TestCase):
    def setUp(self):
        self.bridge = harness.session().bridge

    def connect(self, path="/rpc", **headers):
        socket = WebSocket(self.bridge.port, path, {"Origin": page_origin(), **headers})
        self.addCleanup(socket.close)
        return socket

    def test_messages_and_batches_are_answered_on_the_socket(self):
        socket = self.connect("/rpc?locale=pl")
        self.assertEqual(socket.status, 101)
        socket.send(json.dumps({"jsonrpc": "2.0", "id": "k1", "method": "field/edit", "params": {
            "field": "chipNumber", "text": "12345", "selection": {"start": 5, "end": 5}, "edit": {"type": "insert", "text": "6"}}}))
        opcode, payload = socket.receive()
        answer = json.loads(payload)
        self.assertEqual((opcode, answer["id"], answer["result"]["text"]), (1, "k1", "12345-6"))
        socket.send(json.dumps([{"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": {"field": "email", "text": "x@"}}]))
        (answer,) = json.loads(socket.receive()[1])
        self.assertEqual(answer["result"]["error"]["message"], "Wpisz poprawny adres e-mail")

    def test_a_cross_origin_or_foreign_host_upgrade_is_403(self):
        self.assertEqual(self.connect(Origin="http://evil.example").status, 403)
        self.assertEqual(self.connect(Host="evil.example").status, 403)
        self.assertEqual(self.connect("/elsewhere").status, 404)

    def test_a_message_over_the_limit_closes_with_1009(self):
        socket = self.connect()
        socket.send(" " * (8 * 1024 * 1024 + 1))
        opcode, payload = socket.receive()
        self.assertEqual((opcode, int.from_bytes(payload[:2], "big")), (8, 1009))

    def test_a_ping_is_answered_and_binary_is_refused(self):
        socket = self.connect()
        socket.send(b"are you there", opcode=9)
        self.assertEqual(socket.receive(), (10, b"are you there"))
        socket.send(b"\x00\x01", opcode=2)
        opcode, payload = socket.receive()
        self.assertEqual((opcode, int.from_bytes(payload[:2], "big")), (8, 1003))
