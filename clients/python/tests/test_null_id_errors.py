"""Errors petflowd cannot tie to an id ("id": null) fail the oldest unanswered call at once."""

from __future__ import annotations

import threading
import unittest
from concurrent.futures import ThreadPoolExecutor
from typing import Any, List

import support  # first: it puts clients/python/src on sys.path

import petflow

#: How long a test waits for a call that should fail at once before calling it hung.
HANG_SECONDS = 10.0


def call_in_thread(function: Any) -> List[Any]:
    """Runs ``function`` on a thread; answers [result] or [exception], or [] if it hung."""
    outcome: List[Any] = []

    def run() -> None:
        try:
            outcome.append(function())
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_SECONDS)
    return outcome


class NullIdErrorTests(unittest.TestCase):
    def test_message_too_large_fails_its_call_at_once_even_without_a_timeout(self) -> None:
        daemon = support.real_daemon_with("--max-message-bytes", "4096")
        with petflow.Client(daemon, timeout=None, today=support.TODAY) as client:
            outcome = call_in_thread(lambda: client.format("text", "x" * 5000))
            self.assertTrue(outcome, "the call waited for an answer that never comes")
            error = outcome[0]
            self.assertIsInstance(error, petflow.PetFlowError)
            self.assertEqual(error.code, -32005)
            self.assertEqual(error.data["limit"], 4096)
            # The session goes on, and the next call gets its own answer.
            self.assertEqual(client.format("chipNumber", "123456").text, "12345-6")

    def test_nesting_too_deep_fails_its_call_with_the_parse_error(self) -> None:
        deep: Any = "x"
        for _ in range(200):  # petflowd's --max-depth is 128
            deep = [deep]
        with support.client(timeout=None) as client:
            outcome = call_in_thread(lambda: client.validate("text", value=deep))
            self.assertTrue(outcome, "the call waited for an answer that never comes")
            self.assertIsInstance(outcome[0], petflow.PetFlowError)
            self.assertEqual(outcome[0].code, -32700)
            self.assertTrue(client.validate("email", "rex@example.com").valid)

    def test_calls_from_many_threads_each_get_their_own_answer_or_error(self) -> None:
        daemon = support.real_daemon_with("--max-message-bytes", "4096")

        def call(n: int) -> Any:
            digits = str(n).zfill(6)
            try:
                if n % 3 == 0:
                    return client.format("text", digits * 1000)  # too large: -32005
                return client.format("chipNumber", digits).value
            except petflow.PetFlowError as error:
                return error.code

        with petflow.Client(daemon, today=support.TODAY) as client:
            with ThreadPoolExecutor(max_workers=8) as pool:
                outcomes = list(pool.map(call, range(90)))
        self.assertEqual(outcomes, [-32005 if n % 3 == 0 else str(n).zfill(6)
                                    for n in range(90)])

    def test_an_error_owed_to_a_timed_out_call_does_not_fail_the_next_one(self) -> None:
        # The fake reads the call that will time out and the next one, then answers the
        # first with an id:null error and the second with its own answer, in order.
        fake = support.fake_daemon(f"""
read -r line
printf '%s\\n' '{support.FAKE_INITIALIZED}'
read -r line
read -r line
printf '%s\\n' '{{"jsonrpc":"2.0","id":null,"error":{{"code":-32700,"message":"Parse error"}}}}'
printf '%s\\n' '{{"jsonrpc":"2.0","id":3,"result":{{"fields":[]}}}}'
exec cat >/dev/null
""")
        with petflow.Client(fake, timeout=0.3) as client:
            with self.assertRaises(petflow.Timeout):
                client.request("field/list")
            self.assertEqual(client.request("field/list", timeout=HANG_SECONDS), {"fields": []})


if __name__ == "__main__":
    unittest.main()
