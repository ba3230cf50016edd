"""When petflowd or the bridge cannot be reached while someone types: after about a second
without an answer a visible status says so (a live region), the keys typed meanwhile show as
typed and are marked pending, and once the link is back they are sent in order, ending
exactly as typing them with the link up would; a report whose petflowd was replaced is
imported again from the page's saved snapshot first. All on the WebSocket transport: the
link is the bridge's."""

import os
import signal

from selenium.webdriver.common.keys import Keys

import harness
from base import BrowserTest
from reports import ReportTest

CHIP = "field-chipNumber"


class PetflowdStopsAnswering(BrowserTest):
    transport = "ws"

    def test_keys_typed_meanwhile_show_as_typed_and_are_sent_when_it_answers(self):
        pid = self.page.bridge.newest_daemon()  # this page's own petflowd
        self.page.element(CHIP).click()
        self.page.keys("123")
        os.kill(pid, signal.SIGSTOP)
        try:
            self.page.keys_unanswered("456")
            self.assertTrue(harness.wait_until(lambda: self.page.text("link-status") != ""), "no status after a second without an answer")
            self.page.keys_unanswered("7")
            self.assertTrue(harness.wait_until(lambda: self.page.state(CHIP)[0] == "1234567"))  # as typed, not yet formatted
            self.assertEqual(self.page.state(CHIP)[1], 7)
            self.assertTrue(self.page.has_flag(CHIP, "pending"))
            self.assertEqual(self.page.element("link-status").get_dom_attribute("role"), "status")
            self.page.screenshot("link-down")
        finally:
            os.kill(pid, signal.SIGCONT)
        self.page.idle()
        self.assertState(CHIP, "12345-67", 8)
        self.assertFalse(self.page.has_flag(CHIP, "pending"))
        self.assertEqual(self.page.text("link-status"), "")
        self.assertNotEqual(self.page.text("status"), "")  # "the connection is back"
        self.page.keys(Keys.BACK_SPACE)  # and the field goes on as ever
        self.assertState(CHIP, "12345-6", 7)


class SlowContinue(ReportTest):
    transport = "ws"

    def test_a_continue_petflowd_does_not_answer_says_so_and_goes_on_when_it_does(self):
        self.start("reportMissingPet")
        pid = self.page.bridge.newest_daemon()
        os.kill(pid, signal.SIGSTOP)
        try:
            self.tab_to("next")
            self.page.keys_unanswered(Keys.ENTER)
            self.assertTrue(harness.wait_until(lambda: self.page.text("link-status") != ""))
        finally:
            os.kill(pid, signal.SIGCONT)
        self.page.idle()
        self.assertStep("reportMissingPet", "photo")
        self.assertEqual(self.page.text("link-status"), "")


class BridgeRestarts(ReportTest):
    transport = "ws"

    def test_a_report_goes_on_through_a_restarted_bridge(self):
        self.start("reportMissingPet")
        self.type_into("chipNumber", "12345")
        pending = {}

        def type_while_down():
            self.page.keys_unanswered("678")
            pending["shown"] = harness.wait_until(lambda: self.page.state("flow-field-chipNumber")[0] == "12345678")
            pending["flag"] = self.page.has_flag("flow-field-chipNumber", "pending")
            pending["status"] = harness.wait_until(lambda: self.page.text("link-status") != "")

        harness.restart_bridge(type_while_down)
        self.assertEqual(pending, {"shown": True, "flag": True, "status": True})
        self.page.idle()  # the bridge is back: a new session, and the keys sent in order
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-678")
        self.assertEqual(self.page.text("link-status"), "")
        self.page.keys(Keys.ENTER)  # the new petflowd does not know the flow: the page imports it first
        self.assertStep("reportMissingPet", "photo")
        self.press("back")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-678")


class LanguageSwitch(BrowserTest):
    transport = "ws"

    def test_undo_history_survives_a_language_switch(self):
        self.page.element(CHIP).click()
        self.page.keys("123456")
        self.page.element("lang-pl").click()
        self.page.idle()
        self.assertEqual(self.page.driver.execute_script("return document.documentElement.lang"), "pl")
        self.page.element(CHIP).click()
        self.page.chord(Keys.CONTROL, "z")
        self.assertState(CHIP, "", 0)
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(CHIP, "12345-6", 7)
        self.page.element("lang-en").click()
        self.page.idle()


class SlowCallNothingTyped(ReportTest):
    transport = "ws"

    def test_a_late_answer_with_nothing_typed_says_only_that_the_link_is_back(self):
        pid = self.page.bridge.newest_daemon()
        os.kill(pid, signal.SIGSTOP)
        try:
            self.tab_to("start-reportMissingPet")
            self.page.keys_unanswered(Keys.ENTER)
            self.assertTrue(harness.wait_until(lambda: self.page.text("link-status") != ""))
        finally:
            os.kill(pid, signal.SIGCONT)
        self.page.idle()
        self.assertStep("reportMissingPet", "chipNumber")
        # Nothing was typed, so nothing "has been sent".
        self.assertEqual(self.page.text("status"), self.words("linkBackNothingTyped"))
