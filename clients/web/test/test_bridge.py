"""serve.mjs, the bridge: what it refuses (403, 404, 413, 415), that it is a byte pipe (each
body reaches petflowd as sent, each answer comes back as petflowd wrote it: petflowd's own
-32700, exact numbers, its own batch limit), its sessions (a petflowd each, at most
--max-sessions, ended when idle), its bounded queues, and what it says of a petflowd that
cannot start or that exited."""

import fcntl
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import termios
import threading
import unittest
import uuid

import harness
from websocket_client import WebSocket


def page_origin(bridge=None):
    return (bridge or harness.session().bridge).url.rstrip("/")


def new_session():
    return uuid.uuid4().hex


def initialize(session_id, locale="en", port=None):
    status, answer = harness.rpc(
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"positionEncoding": "utf-16", "locale": locale}}, session_id, port
    )
    assert status == 200 and "result" in answer, answer
    return answer["result"]


def daemon_of(bridge, session_id):
    """The pid of the petflowd of an HTTP session, from the bridge's log."""
    pid = None
    for line in bridge.log.read_text().splitlines():
        if f"session {session_id[:8]}: petflowd " in line and " started (" in line:
            pid = int(line.split("petflowd ")[1].split()[0])
    return pid


def unread_input(pid):
    """The bytes waiting for petflowd `pid` on its stdin: a call the bridge has sent it that it
    has not read (it is stopped, say). Node gives a child a socket where it says pipe: its
    receive queue is the Recv-Q `ss` shows for the socket's inode; a pipe says it to FIONREAD."""
    target = os.readlink(f"/proc/{pid}/fd/0")
    if target.startswith("socket:["):
        inode = target[len("socket:["):-1]
        sockets = subprocess.run(["ss", "-x", "-H"], capture_output=True, text=True, check=True).stdout
        for fields in map(str.split, sockets.splitlines()):
            if len(fields) > 5 and fields[5] == inode:
                return int(fields[2])
        return 0
    descriptor = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NONBLOCK)
    try:
        return struct.unpack("i", fcntl.ioctl(descriptor, termios.FIONREAD, b"\0" * 4))[0]
    finally:
        os.close(descriptor)


class OwnBridge(unittest.TestCase):
    """A test with a bridge of its own, started with `flags`."""

    flags = ()

    def setUp(self):
        name = f"serve-{self.id().rsplit('.', 1)[1]}.log"
        self.bridge = harness.Bridge(os.environ.get("PETFLOWD", str(harness.REPO / ".build" / "release" / "petflowd")), *self.flags, log=name)
        self.addCleanup(self.bridge.stop)

    def rpc(self, message, session_id=None):
        return harness.rpc(message, session_id, self.bridge.port)


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
            "/report/reportFoundPet",
            "/report/reportFoundPet/photo/more",
            "/report/..%2f..%2f/README.md",
        ):
            with self.subTest(path=path):
                self.assertEqual(harness.http("GET", path)[0], 404)
        for path in ("/", "/fields", "/petflow-input.js", "/style.css", "/app/wizard.js", "/report/reportFoundPet/petDetails"):
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
        # A body just under the limit is passed on (and petflowd judges it).
        status, body = harness.http("POST", "/rpc", b" " * (8 * 1024 * 1024 - 100) + b"[]", {"Origin": page_origin()})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["error"]["code"], -32600)

    def test_only_post_on_rpc_and_only_json_in_utf8(self):
        self.assertEqual(harness.http("GET", "/rpc")[0], 405)
        self.assertEqual(harness.http("DELETE", "/")[0], 405)
        for content_type in ("text/plain", "application/json; charset=latin1", "application/json; charset=utf-16", 'application/json;charset="ISO-8859-2"'):
            with self.subTest(content_type=content_type):
                self.assertEqual(harness.http("POST", "/rpc", b"{}", {"Content-Type": content_type})[0], 415)
        for content_type in ("application/json", "application/json; charset=utf-8", "Application/JSON;Charset=UTF8", 'application/json; charset="utf-8"'):
            with self.subTest(content_type=content_type):
                self.assertEqual(harness.http("POST", "/rpc", b"[]", {"Content-Type": content_type})[0], 200)

    def test_a_malformed_session_name_is_400(self):
        for name in ("short", "a" * 65, "not a token!"):
            with self.subTest(name=name):
                self.assertEqual(harness.http("POST", "/rpc", b"{}", {"Petflow-Session": name})[0], 400)


class BytePipe(unittest.TestCase):
    def test_a_body_that_is_not_utf8_gets_petflowds_own_parse_error(self):
        body = b'{"jsonrpc":"2.0","id":1,"method":"field/validate","params":{"field":"text","text":"\xff\xfe"}}'
        for session_id in (None, new_session()):
            with self.subTest(session=session_id is not None):
                headers = {"Origin": page_origin()}
                if session_id:
                    initialize(session_id)
                    headers["Petflow-Session"] = session_id
                status, text = harness.http("POST", "/rpc", body, headers)
                answer = json.loads(text)
                self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, None, -32700))
                self.assertEqual(answer["error"]["data"]["reason"], "invalid UTF-8")

    def test_numbers_reach_petflowd_as_written(self):
        # 3.0000000000000001 is 3 to JavaScript: passed as written, petflowd sees a fraction.
        body = b'{"jsonrpc":"2.0","id":1,"method":"field/validate","params":{"field":"age","value":3.0000000000000001}}'
        status, text = harness.http("POST", "/rpc", body, {"Origin": page_origin()})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(text)["result"]["error"]["code"], "age.notWhole")

    def test_ids_come_back_as_they_were_sent(self):
        for raw_id in (b"9007199254740993", b"12345678901234567890", b"-1e400", b"1.50", b'"keystroke-7"', b'"\\u2028"'):
            with self.subTest(id=raw_id):
                body = b'{"jsonrpc":"2.0","id":' + raw_id + b',"method":"field/format","params":{"field":"age","text":"1"}}'
                status, text = harness.http("POST", "/rpc", body, {"Origin": page_origin()})
                self.assertEqual(status, 200)
                self.assertTrue(text.startswith('{"jsonrpc":"2.0","id":' + raw_id.decode() + ","), text)

    def test_answers_are_the_bytes_petflowd_writes(self):
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "text", "text": "Rex 🐶\u2028 ok"}},
            {"jsonrpc": "2.0", "id": 2, "method": "field/validate", "params": {"field": "latitude", "value": 52.22970000000001}},
            [{"jsonrpc": "2.0", "id": 3, "method": "pet/feed"}, {"jsonrpc": "2.0", "method": "initialized"}, 7],
        ]
        binary = os.environ.get("PETFLOWD", str(harness.REPO / ".build" / "release" / "petflowd"))
        for request in requests:
            with self.subTest(request=request):
                body = json.dumps(request, ensure_ascii=False).encode()
                direct = subprocess.run([binary, "--framing", "ndjson"], input=body + b"\n", capture_output=True, timeout=10).stdout.rstrip(b"\n")
                status, text = harness.http("POST", "/rpc", body, {"Origin": page_origin()})
                self.assertEqual((status, text.encode()), (200, direct))

    def test_a_body_with_newlines_is_one_message(self):
        body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "field/format", "params": {"field": "chipNumber", "text": "123456"}}, indent=2)
        status, text = harness.http("POST", "/rpc", body.encode(), {"Origin": page_origin()})
        answer = json.loads(text)
        self.assertEqual((status, answer["id"], answer["result"]["text"]), (200, 5, "12345-6"))

    def test_a_batch_is_answered_as_petflowd_answers_it(self):
        status, answers = harness.rpc(
            [
                {"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "chipNumber", "text": "123456"}},
                {"jsonrpc": "2.0", "method": "initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "pet/feed"},
                7,
            ]
        )
        self.assertEqual(status, 200)
        self.assertEqual([a["id"] for a in answers], [1, 2, None])
        self.assertEqual(answers[0]["result"]["text"], "12345-6")
        self.assertEqual(answers[1]["error"]["code"], -32601)
        self.assertEqual(answers[2]["error"]["code"], -32600)

    def test_bad_json_is_petflowds_parse_error(self):
        status, body = harness.http("POST", "/rpc", b'{"jsonrpc":', {"Origin": page_origin()})
        answer = json.loads(body)
        self.assertEqual((status, answer["error"]["code"], answer["error"]["data"]["reason"]), (200, -32700, "unexpected end of input"))

    def test_only_notifications_get_204_without_waiting_for_petflowd(self):
        bridge = harness.session().bridge
        session_id = new_session()
        initialize(session_id)
        pid = daemon_of(bridge, session_id)
        os.kill(pid, signal.SIGSTOP)  # petflowd reads nothing now: a 204 that waited would never come
        try:
            headers = {"Origin": page_origin(), "Petflow-Session": session_id}
            self.assertEqual(harness.http("POST", "/rpc", b'{"jsonrpc":"2.0","method":"initialized"}', headers)[0], 204)
            batch = b'[{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}]'
            self.assertEqual(harness.http("POST", "/rpc", batch, headers)[0], 204)
        finally:
            os.kill(pid, signal.SIGCONT)
        # And the session goes on.
        _, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "age", "text": "7"}}, session_id)
        self.assertEqual(answer["result"]["text"], "7")

    def test_a_60000_request_batch_gets_petflowds_batch_error_and_holds_up_no_other_session(self):
        bridge = harness.session().bridge
        batch = json.dumps([{"jsonrpc": "2.0", "id": n, "method": "field/format", "params": {"field": "age", "text": "3"}} for n in range(60_000)]).encode()
        big, small = new_session(), new_session()
        initialize(big)
        initialize(small)
        half = len(batch) // 2
        with socket.create_connection(("127.0.0.1", bridge.port), timeout=30) as connection:
            connection.sendall(
                (
                    f"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:{bridge.port}\r\nOrigin: {page_origin()}\r\nPetflow-Session: {big}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(batch)}\r\nConnection: close\r\n\r\n"
                ).encode()
                + batch[:half]
            )
            # The batch is on its way: another page's keystroke is answered meanwhile.
            _, answer = harness.rpc({"jsonrpc": "2.0", "id": 9, "method": "field/format", "params": {"field": "chipNumber", "text": "123456"}}, small)
            self.assertEqual(answer["result"]["text"], "12345-6")
            connection.sendall(batch[half:])
            response = b""
            while chunk := connection.recv(65536):
                response += chunk
        head, _, body = response.partition(b"\r\n\r\n")
        answer = json.loads(body)
        self.assertTrue(head.startswith(b"HTTP/1.1 200"), head)
        self.assertEqual(answer["error"]["code"], -32006)
        self.assertEqual(answer["error"]["data"], {"limit": 10000, "count": 60000})


class Sessions(unittest.TestCase):
    def test_each_session_has_its_own_petflowd_in_the_locale_it_asked_for(self):
        bridge = harness.session().bridge
        english, polish = new_session(), new_session()
        self.assertEqual(initialize(english, "en")["locale"], "en")
        self.assertEqual(initialize(polish, "pl")["locale"], "pl")
        self.assertNotEqual(daemon_of(bridge, english), daemon_of(bridge, polish))
        request = {"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": {"field": "email", "text": "x@"}}
        _, in_english = harness.rpc(request, english)
        _, in_polish = harness.rpc(request, polish)
        self.assertEqual(in_english["result"]["error"]["message"], harness.ask("field/validate", request["params"], "en")["error"]["message"])
        self.assertEqual(in_polish["result"]["error"]["message"], harness.ask("field/validate", request["params"], "pl")["error"]["message"])
        self.assertNotEqual(in_english["result"]["error"]["message"], in_polish["result"]["error"]["message"])
        self.assertEqual((in_english["id"], in_polish["id"]), (1, 1))  # each page's own ids

    def test_a_session_the_bridge_does_not_know_is_told_to_initialize(self):
        session_id = new_session()
        status, answer = harness.rpc({"jsonrpc": "2.0", "id": "k1", "method": "field/list"}, session_id)
        self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, "k1", -32096))
        self.assertIn("initialize", answer["error"]["message"])
        initialize(session_id)
        _, answer = harness.rpc({"jsonrpc": "2.0", "id": "k2", "method": "field/list"}, session_id)
        self.assertIn("fields", answer["result"])

    def test_a_petflowd_that_exited_is_said_to_have_exited_and_the_next_initialize_starts_another(self):
        bridge = harness.session().bridge
        session_id = new_session()
        initialize(session_id)
        first = daemon_of(bridge, session_id)
        os.kill(first, signal.SIGSTOP)  # it takes the call and never answers
        answers = []
        caller = threading.Thread(
            target=lambda: answers.append(harness.rpc({"jsonrpc": "2.0", "id": 9, "method": "flow/start", "params": {"flow": "reportFoundPet"}}, session_id))
        )
        caller.start()
        self.assertTrue(harness.wait_until(lambda: unread_input(first) > 0), "the call never reached petflowd")
        os.kill(first, signal.SIGKILL)
        caller.join(10)
        status, answer = answers[0]
        self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, 9, -32099))
        self.assertIn("petflowd exited before answering (signal SIGKILL)", answer["error"]["message"])
        # No petflowd is started in its place until the page opens its session again.
        _, answer = harness.rpc({"jsonrpc": "2.0", "id": 10, "method": "field/list"}, session_id)
        self.assertEqual(answer["error"]["code"], -32096)
        initialize(session_id)
        self.assertNotIn(daemon_of(bridge, session_id), (None, first))


class SessionLimits(OwnBridge):
    flags = ("--max-sessions", "2")

    def test_the_session_idle_longest_makes_room_for_a_new_one(self):
        first, second, third = new_session(), new_session(), new_session()
        for session_id in (first, second, third):
            initialize(session_id, port=self.bridge.port)
        self.assertTrue(harness.wait_until(lambda: len(self.bridge.daemons()) <= 2))
        _, answer = self.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/list"}, first)
        self.assertEqual(answer["error"]["code"], -32096)  # ended to make room
        for session_id in (second, third):
            _, answer = self.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/list"}, session_id)
            self.assertIn("fields", answer["result"])

    def test_busy_sessions_are_not_ended_to_make_room(self):
        busy = [new_session(), new_session()]
        callers = []
        for session_id in busy:
            initialize(session_id, port=self.bridge.port)
            pid = daemon_of(self.bridge, session_id)
            os.kill(pid, signal.SIGSTOP)
            self.addCleanup(os.kill, pid, signal.SIGCONT)
            caller = threading.Thread(target=self.rpc, args=({"jsonrpc": "2.0", "id": 1, "method": "field/list"}, session_id))
            caller.start()
            callers.append(caller)
        for session_id in busy:
            pid = daemon_of(self.bridge, session_id)
            self.assertTrue(harness.wait_until(lambda: unread_input(pid) > 0), "a call never reached its petflowd")
        status, answer = harness.rpc(
            {"jsonrpc": "2.0", "id": "open", "method": "initialize"}, new_session(), self.bridge.port
        )
        self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, "open", -32095))
        self.assertEqual(answer["error"]["data"], {"limit": 2})
        for session_id in busy:
            os.kill(daemon_of(self.bridge, session_id), signal.SIGCONT)
        for caller in callers:
            caller.join(10)


class IdleSessions(OwnBridge):
    flags = ("--idle-seconds", "1")

    def test_a_session_without_a_body_for_the_idle_time_is_ended(self):
        session_id = new_session()
        initialize(session_id, port=self.bridge.port)
        pid = daemon_of(self.bridge, session_id)
        self.assertTrue(harness.wait_until(lambda: pid not in self.bridge.daemons(), timeout=5))
        _, answer = self.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/list"}, session_id)
        self.assertEqual(answer["error"]["code"], -32096)


class AnswerTimeout(OwnBridge):
    flags = ("--answer-timeout", "1")

    def test_a_petflowd_that_does_not_answer_is_ended(self):
        session_id = new_session()
        initialize(session_id, port=self.bridge.port)
        pid = daemon_of(self.bridge, session_id)
        os.kill(pid, signal.SIGSTOP)
        _, answer = self.rpc({"jsonrpc": "2.0", "id": 4, "method": "field/list"}, session_id)
        self.assertEqual((answer["id"], answer["error"]["code"]), (4, -32098))
        self.assertTrue(harness.wait_until(lambda: pid not in self.bridge.daemons()))


class Queues(OwnBridge):
    flags = ("--max-queue", "2")

    def test_a_connection_past_its_queue_gets_the_bridges_own_error(self):
        socket_ = WebSocket(self.bridge.port, "/rpc", {"Origin": page_origin(self.bridge)})
        self.addCleanup(socket_.close)
        socket_.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize"}))
        self.assertIn("result", json.loads(socket_.receive()[1]))
        pid = self.bridge.newest_daemon()
        os.kill(pid, signal.SIGSTOP)
        try:
            for n in (1, 2, 3):
                socket_.send(json.dumps({"jsonrpc": "2.0", "id": n, "method": "field/format", "params": {"field": "age", "text": str(n)}}))
            refused = json.loads(socket_.receive()[1])  # at once, while 1 and 2 wait
            self.assertEqual((refused["id"], refused["error"]["code"]), (3, -32097))
            self.assertIn("--max-queue 2", refused["error"]["message"])
        finally:
            os.kill(pid, signal.SIGCONT)
        answers = [json.loads(socket_.receive()[1]) for _ in range(2)]
        self.assertEqual([(a["id"], a["result"]["text"]) for a in answers], [(1, "1"), (2, "2")])


class Starting(unittest.TestCase):
    def serve(self, binary):
        return subprocess.run(["node", str(harness.WEB / "serve.mjs"), "--port", "0", "--binary", binary], capture_output=True, text=True, timeout=30)

    def test_a_missing_binary_is_said_at_start_naming_the_path(self):
        started = self.serve("/nonexistent/petflowd")
        self.assertEqual((started.returncode, started.stdout), (1, ""))
        self.assertIn("cannot start petflowd", started.stderr)
        self.assertIn('"/nonexistent/petflowd", which does not exist', started.stderr)
        self.assertNotIn("exited", started.stderr)

    def test_a_file_that_is_not_executable_is_said_at_start(self):
        with tempfile.NamedTemporaryFile(suffix="-petflowd") as file:
            started = self.serve(file.name)
        self.assertEqual(started.returncode, 1)
        self.assertIn(f'"{file.name}", which is not executable', started.stderr)

    def test_a_binary_that_starts_and_exits_is_said_to_have_exited(self):
        with tempfile.TemporaryDirectory() as folder:
            script = os.path.join(folder, "petflowd")
            with open(script, "w") as file:
                file.write("#!/bin/sh\necho 'petflowd: error: no' >&2\nexit 3\n")
            os.chmod(script, 0o755)
            started = self.serve(script)
        self.assertEqual(started.returncode, 1)
        self.assertIn(f"{script} started, then: petflowd exited before answering (status 3): petflowd: error: no", started.stderr)

    def test_a_binary_gone_since_the_start_is_said_to_be_unable_to_start(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        binary = os.path.join(folder, "petflowd")
        shutil.copy(os.environ.get("PETFLOWD", str(harness.REPO / ".build" / "release" / "petflowd")), binary)
        bridge = harness.Bridge(binary, log="serve-gone.log")
        self.addCleanup(bridge.stop)
        os.remove(binary)
        status, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "initialize"}, new_session(), bridge.port)
        self.assertEqual((status, answer["id"], answer["error"]["code"]), (200, 1, -32094))
        self.assertEqual(answer["error"]["message"], f"cannot start petflowd at {binary}: spawn {binary} ENOENT")
        self.assertEqual(answer["error"]["data"], {"path": binary, "reason": "ENOENT"})


class KeepAlive(unittest.TestCase):
    def test_one_connection_carries_many_calls(self):
        import http.client

        port = harness.session().bridge.port
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.addCleanup(connection.close)
        session_id = new_session()
        initialize(session_id)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "field/format", "params": {"field": "age", "text": "3"}})
        sockets = set()
        for _ in range(5):
            connection.request("POST", "/rpc", body, {"Content-Type": "application/json", "Origin": page_origin(), "Petflow-Session": session_id})
            response = connection.getresponse()
            self.assertEqual(response.status, 200)
            self.assertEqual(response.getheader("Connection"), "keep-alive")
            response.read()
            sockets.add(id(connection.sock))
        self.assertEqual(len(sockets), 1)


class WebSockets(unittest.TestCase):
    def setUp(self):
        self.bridge = harness.session().bridge

    def connect(self, path="/rpc", **headers):
        socket_ = WebSocket(self.bridge.port, path, {"Origin": page_origin(), **headers})
        self.addCleanup(socket_.close)
        return socket_

    def test_a_connection_is_a_session_its_messages_and_batches_answered_on_it(self):
        socket_ = self.connect()
        self.assertEqual(socket_.status, 101)
        socket_.send(json.dumps({"jsonrpc": "2.0", "id": "i", "method": "initialize", "params": {"locale": "pl"}}))
        self.assertEqual(json.loads(socket_.receive()[1])["result"]["locale"], "pl")
        socket_.send(json.dumps({"jsonrpc": "2.0", "id": "k1", "method": "field/edit", "params": {
            "field": "chipNumber", "text": "12345", "selection": {"start": 5, "end": 5}, "edit": {"type": "insert", "text": "6"}}}))
        opcode, payload = socket_.receive()
        answer = json.loads(payload)
        self.assertEqual((opcode, answer["id"], answer["result"]["text"]), (1, "k1", "12345-6"))
        socket_.send(json.dumps([{"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": {"field": "email", "text": "x@"}}]))
        (answer,) = json.loads(socket_.receive()[1])
        self.assertEqual(answer["result"]["error"]["message"], harness.ask("field/validate", {"field": "email", "text": "x@"}, "pl")["error"]["message"])

    def test_a_message_that_is_not_utf8_gets_petflowds_parse_error(self):
        socket_ = self.connect()
        socket_.send(b'{"jsonrpc":"2.0","id":1,"method":"field/list","params":{"x":"\xc3"}}')
        answer = json.loads(socket_.receive()[1])
        self.assertEqual((answer["error"]["code"], answer["error"]["data"]["reason"]), (-32700, "invalid UTF-8"))

    def test_the_connections_petflowd_ends_with_it(self):
        socket_ = self.connect()
        socket_.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize"}))
        socket_.receive()
        pid = self.bridge.newest_daemon()
        socket_.close()
        self.assertTrue(harness.wait_until(lambda: pid not in self.bridge.daemons()))

    def test_a_cross_origin_or_foreign_host_upgrade_is_403(self):
        self.assertEqual(self.connect(Origin="http://evil.example").status, 403)
        self.assertEqual(self.connect(Host="evil.example").status, 403)
        self.assertEqual(self.connect("/elsewhere").status, 404)

    def test_a_message_over_the_limit_closes_with_1009(self):
        socket_ = self.connect()
        socket_.send(" " * (8 * 1024 * 1024 + 1))
        opcode, payload = socket_.receive()
        self.assertEqual((opcode, int.from_bytes(payload[:2], "big")), (8, 1009))

    def test_a_ping_is_answered_and_binary_is_refused(self):
        socket_ = self.connect()
        socket_.send(b"are you there", opcode=9)
        self.assertEqual(socket_.receive(), (10, b"are you there"))
        socket_.send(b"\x00\x01", opcode=2)
        opcode, payload = socket_.receive()
        self.assertEqual((opcode, int.from_bytes(payload[:2], "big")), (8, 1003))
