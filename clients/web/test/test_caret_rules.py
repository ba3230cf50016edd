"""Every row of protocol.md's caret tables, acted out in the field of /fields whose kind
the table speaks of, with real key presses and pastes."""

from selenium.webdriver.common.keys import Keys

import caret_table
from base import BrowserTest


class CaretTable(BrowserTest):
    def test_every_rule_of_the_caret_table(self):
        rules = caret_table.rules()
        self.assertGreaterEqual(len(rules), 14)
        for rule in rules:
            control = f"field-{rule.field}"
            with self.subTest(rule=rule.number, field=rule.field, before=rule.before, action=rule.action, text=rule.text):
                text, start, end = rule.before
                self.page.prepare(control, text, start, end)
                self.assertEqual(self.page.state(control), rule.before, "the row's 'before' is a formatted state")
                if rule.action == "type":
                    self.page.keys(rule.text)
                elif rule.action == "paste":
                    self.page.paste(rule.text)
                elif rule.action == "backspace":
                    self.page.keys(Keys.BACK_SPACE)
                else:
                    self.page.keys(Keys.DELETE)
                self.assertEqual(self.page.state(control), rule.after)
                for flag in rule.flags:
                    self.assertTrue(self.page.has_flag(control, flag), f"data-petflow-{flag}")
                self.assertEqual(self.page.has_flag(control, "rejected"), "rejected" in rule.flags)


class CaretTableOverWebSocket(CaretTable):
    """The same rows with the binding on wsRpc, a petflowd behind the bridge."""

    transport = "ws"


class CaretTableOverFetch(CaretTable):
    """The same rows with the binding on httpRpc, the bridge's fallback transport."""

    transport = "http"
