"""What goes wrong: error answers, a daemon that dies, one that never answers; threads."""

from __future__ import annotations

import os
import signal
import threading
import time
import unittest
from concurrent.futures import ThreadPoolExecutor
import support  # first: it puts clients/python/src on sys.path

import petflow


class ErrorAnswerTests(unittest.TestCase):
    def test_bad_request_raises_petflow_error_with_code_message_and_data(self) -> None:
        with support.client() as client:
            with self.assertRaises(petflow.PetFlowError) as raised:
                client.format("dogName", "Rex")
            error = raised.exception
            self.assertEqual(error.code, -32602)
            self.assertIn("unknown field kind 'dogName'", error.message)
            self.assertEqual(error.data, {"parameter": "field"})
            self.assertNotIsInstance(error, petflow.DaemonExited)
            # The session goes on after an error answer.
            self.assertEqual(client.format("chipNumber", "1").text, "1")

    def test_caret_and_selection_together_are_invalid_params(self) -> None:
        with support.client() as client:
            with self.assertRaises(petflow.PetFlowError) as raised:
                client.format("chipNumber", "123", 1, selection=(0, 1))
            self.assertEqual(raised.exception.data, {"parameter": "selection"})

    def test_unknown_method_through_request(self) -> None:
        with support.client() as client:
            with self.assertRaises(petflow.PetFlowError) as raised:
                client.request("pet/feed")
            self.assertEqual(raised.exception.code, -32601)
            self.assertEqual(client.request("field/list")["fields"][0]["kind"], "chipNumber")


class DaemonLifeTests(unittest.TestCase):
    def test_with_block_shuts_the_daemon_down_cleanly(self) -> None:
        client = support.client()
        with client:
            pid = client.pid
        self.assertEqual(client.close(), 0)
        with self.assertRaises(petflow.ClientClosed):
            client.format("chipNumber", "1")
        with self.assertRaises(ProcessLookupError):
            os.kill(pid, 0)

    def test_daemon_exiting_mid_request_raises_daemon_exited_with_status_and_stderr(self) -> None:
        fake = support.fake_daemon(support.DIES_ON_SECOND_REQUEST)
        with petflow.Client(fake) as client:
            self.assertEqual(client.server_info.name, "fake")
            with self.assertRaises(petflow.DaemonExited) as raised:
                client.format("chipNumber", "123")
            error = raised.exception
            self.assertIsInstance(error, petflow.PetFlowError)
            self.assertIsNone(error.code)
            self.assertEqual(error.returncode, 3)
            self.assertIn("fake petflowd: giving up on:", error.stderr)
            self.assertIn("exit status 3", str(error))
            # Every later request fails the same way, at once.
            with self.assertRaises(petflow.DaemonExited):
                client.fields()
        self.assertEqual(client.close(), 3)

    def test_killed_daemon_raises_daemon_exited(self) -> None:
        with support.client() as client:
            os.kill(client.pid, signal.SIGKILL)
            with self.assertRaises(petflow.DaemonExited) as raised:
                client.format("chipNumber", "123")
            self.assertEqual(raised.exception.returncode, -signal.SIGKILL)

    def test_daemon_killed_while_a_request_waits(self) -> None:
        seen = support.fake_daemon("") + ".seen"
        fake = support.fake_daemon(support.holds_a_request(seen))
        with petflow.Client(fake, timeout=30) as client:
            held = []

            def kill_once_held() -> None:
                held.append(support.wait_until(lambda: os.path.exists(seen)))
                os.kill(client.pid, signal.SIGKILL)

            killer = threading.Thread(target=kill_once_held, daemon=True)
            killer.start()
            with self.assertRaises(petflow.DaemonExited) as raised:
                client.format("chipNumber", "1")  # in flight when the kill comes
            killer.join()
            self.assertEqual(held, [True], "the request never reached the daemon")
            self.assertEqual(raised.exception.returncode, -signal.SIGKILL)

    def test_daemon_that_exits_at_once_fails_the_constructor(self) -> None:
        fake = support.fake_daemon("echo 'fake petflowd: no' >&2\nexit 7")
        with self.assertRaises(petflow.DaemonExited) as raised:
            petflow.Client(fake)
        self.assertEqual(raised.exception.returncode, 7)
        self.assertIn("fake petflowd: no", raised.exception.stderr)

    def test_request_that_outlives_the_timeout_raises_timeout(self) -> None:
        fake = support.fake_daemon(support.NEVER_ANSWERS_AFTER_INITIALIZE)
        client = petflow.Client(fake, timeout=0.3)
        with client:
            with self.assertRaises(petflow.Timeout) as raised:
                client.format("chipNumber", "123")
            self.assertEqual(raised.exception.method, "field/format")
            self.assertEqual(raised.exception.timeout, 0.3)
            self.assertIsNone(raised.exception.code)
            with self.assertRaises(petflow.Timeout):
                client.request("field/list", timeout=0.1)
        self.assertIsNotNone(client.close())  # ended, killed if need be: never hangs

    def test_no_timeout_still_gets_answers(self) -> None:
        with support.client(timeout=None) as client:
            self.assertIsNone(client.timeout)
            self.assertEqual(client.format("chipNumber", "123456").text, "12345-6")

    def test_silent_daemon_times_out_the_constructor(self) -> None:
        fake = support.fake_daemon("exec cat >/dev/null")
        with self.assertRaises(petflow.Timeout) as raised:
            petflow.Client(fake, timeout=0.3)
        self.assertEqual(raised.exception.method, "initialize")

    def test_a_failed_start_reports_within_its_timeout_and_ends_the_process(self) -> None:
        # Reads nothing, answers nothing and ignores the end of its input: only a kill ends it.
        pid_file = support.fake_daemon("") + ".pid"
        fake = support.fake_daemon(f"echo $$ > {pid_file}\nexec sleep 30")
        started = time.monotonic()
        with self.assertRaises(petflow.Timeout) as raised:
            petflow.Client(fake, timeout=1.0)
        elapsed = time.monotonic() - started
        self.assertEqual((raised.exception.method, raised.exception.timeout), ("initialize", 1.0))
        # The timeout and a margin for spawning and killing on a loaded machine: far less than
        # the 30 s the fake would take to end by itself.
        self.assertLess(elapsed, 1.0 + support.MARGIN)
        with open(pid_file) as file:
            pid = int(file.read())
        self.assertTrue(support.reaped(pid), f"petflowd {pid} was left behind")

    def test_a_closed_client_says_it_is_closed(self) -> None:
        client = support.client()
        self.assertEqual(client.close(), 0)
        with self.assertRaises(petflow.ClientClosed) as raised:
            client.format("chipNumber", "1")
        self.assertIsInstance(raised.exception, petflow.DaemonExited)
        self.assertIn("client is closed", str(raised.exception))
        self.assertEqual(raised.exception.returncode, 0)

    def test_a_client_closed_after_its_daemon_died_says_it_is_closed(self) -> None:
        client = support.client()
        os.kill(client.pid, signal.SIGKILL)
        with self.assertRaises(petflow.DaemonExited) as died:
            client.format("chipNumber", "1")
        self.assertNotIsInstance(died.exception, petflow.ClientClosed)
        self.assertEqual(client.close(), -signal.SIGKILL)
        with self.assertRaises(petflow.ClientClosed):
            client.fields()

class WrapperScriptTests(unittest.TestCase):
    """petflowd run by a wrapper script whose own child (here a long sleep) inherits the
    pipes and holds them open after the daemon has gone: nothing waits for that child."""

    def setUp(self) -> None:
        # An exception in a reader thread (a ValueError from a pipe closed under it) would
        # only be printed; here it fails the test.
        self.thread_errors: list = []
        hook = threading.excepthook
        threading.excepthook = lambda args: self.thread_errors.append(args.exc_value)
        self.addCleanup(setattr, threading, "excepthook", hook)
        self.children: list = []
        self.addCleanup(self.end_children)

    def end_children(self) -> None:
        for pid_file in self.children:
            with open(pid_file) as file:
                try:
                    os.kill(int(file.read()), signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def wrapper(self, runs: str) -> str:
        """A wrapper that starts a child holding the pipes (its pid kept, to end it), then `runs`."""
        pid_file = support.fake_daemon("") + ".child"
        self.children.append(pid_file)
        return support.fake_daemon(f"sleep 60 &\necho $! > {pid_file}\n{runs}")

    def ends_within(self, seconds: float, action):  # type: ignore[no-untyped-def]
        """Runs `action` in a thread; fails when it has not returned after `seconds` (a hang,
        not a speed: the time is many times what it takes)."""
        outcome: dict = {}

        def run() -> None:
            try:
                outcome["value"] = action()
            except BaseException as error:  # noqa: BLE001 - handed back to the test
                outcome["error"] = error

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(seconds)
        self.assertFalse(thread.is_alive(), f"still waiting after {seconds} s")
        return outcome

    def test_a_wrapper_that_never_answers_raises_within_the_timeout(self) -> None:
        fake = self.wrapper("wait")  # the script itself waits for its child: no answer ever
        outcome = self.ends_within(2 + support.MARGIN, lambda: petflow.Client(fake, timeout=2))
        self.assertIsInstance(outcome.get("error"), petflow.Timeout)
        self.assertEqual(outcome["error"].method, "initialize")
        self.assertEqual(self.thread_errors, [])

    def test_close_returns_while_the_wrappers_child_holds_the_pipes(self) -> None:
        fake = self.wrapper(f'{support.real_daemon()} "$@"')  # not exec: the script outlives nothing, its child does
        client = petflow.Client(fake, timeout=2)
        self.assertEqual(client.format("chipNumber", "123456").text, "12345-6")
        outcome = self.ends_within(2 + support.MARGIN, client.close)
        self.assertEqual(outcome.get("value"), 0)
        with self.assertRaises(petflow.ClientClosed):
            client.fields()
        self.assertEqual(self.thread_errors, [])

    def test_a_wrapped_daemon_killed_is_said_to_have_exited(self) -> None:
        fake = self.wrapper(f'exec {support.real_daemon()} "$@"')
        client = petflow.Client(fake, timeout=10)  # its exit is what fails the request, not a timeout
        os.kill(client.pid, signal.SIGKILL)
        with self.assertRaises(petflow.DaemonExited) as raised:
            client.format("chipNumber", "1")
        self.assertEqual(raised.exception.returncode, -signal.SIGKILL)
        self.assertEqual(self.ends_within(support.MARGIN, client.close).get("value"), -signal.SIGKILL)
        self.assertEqual(self.thread_errors, [])


class ThreadTests(unittest.TestCase):
    def test_requests_from_many_threads_get_their_own_answers(self) -> None:
        digits = [str(n).zfill(6) for n in range(0, 400, 7)]
        with support.client() as client:
            with ThreadPoolExecutor(max_workers=8) as pool:
                results = list(pool.map(lambda d: client.format("chipNumber", d), digits))
        self.assertEqual([r.value for r in results], digits)
        self.assertEqual([r.text for r in results], [d[:5] + "-" + d[5:] for d in digits])


if __name__ == "__main__":
    unittest.main()
