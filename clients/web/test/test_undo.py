"""The binding's own undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, and the browser's
historyUndo): the browser's own stack is gone once a script has set the value, so the binding
restores its answered states, text and caret."""

from selenium.webdriver.common.keys import Keys

from base import BrowserTest

CHIP = "field-chipNumber"
TEXT = "field-text"


class UndoRedo(BrowserTest):
    def undo(self):
        self.page.chord(Keys.CONTROL, "z")

    def redo_with_shift_z(self):
        ActionChainsRedo = self.page.driver  # noqa: N806 (documenting which chord follows)
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(ActionChainsRedo).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(
            Keys.SHIFT
        ).key_up(Keys.CONTROL).perform()
        self.page.idle()

    def test_undo_takes_back_a_run_of_typing_and_then_a_paste(self):
        self.page.element(CHIP).click()
        self.page.keys("123")
        self.page.paste("4567")
        self.assertState(CHIP, "12345-67", 8)
        self.undo()
        self.assertState(CHIP, "123", 3)
        self.undo()
        self.assertState(CHIP, "", 0)
        self.undo()  # nothing before the first state
        self.assertState(CHIP, "", 0)

    def test_redo_with_ctrl_shift_z_and_ctrl_y(self):
        self.page.element(CHIP).click()
        self.page.keys("123")
        self.page.paste("4567")
        self.undo()
        self.undo()
        self.redo_with_shift_z()
        self.assertState(CHIP, "123", 3)
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(CHIP, "12345-67", 8)
        self.page.chord(Keys.CONTROL, "y")  # nothing more to redo
        self.assertState(CHIP, "12345-67", 8)

    def test_undo_brings_the_caret_back_where_the_edit_was_made(self):
        self.page.prepare(CHIP, "123456789012345", 6)
        self.page.keys(Keys.BACK_SPACE)
        self.assertState(CHIP, "12346-78901-2345", 4)
        self.undo()
        self.assertState(CHIP, "12345-67890-12345", 6)

    def test_a_new_edit_after_undo_ends_redo(self):
        self.page.element(TEXT).click()
        self.page.keys("dog")
        self.undo()
        self.page.keys("cat")
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(TEXT, "cat", 3)

    def test_undo_of_a_cut_brings_the_text_back(self):
        self.page.prepare(CHIP, "1234567890", 3, 8)
        self.page.chord(Keys.CONTROL, "x")
        self.assertState(CHIP, "12389-0", 3)
        self.undo()
        self.assertState(CHIP, "12345-67890", 3, 8)

    def test_undo_and_redo_of_a_composition(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.compose(["６"], "６")
        self.assertState(CHIP, "12345-6", 7)
        self.undo()
        self.assertState(CHIP, "12345", 5)
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(CHIP, "12345-6", 7)

    def test_value_and_error_follow_undo(self):
        self.page.element(CHIP).click()
        self.page.keys("12")
        self.page.keys(Keys.SPACE)  # refused: nothing to undo
        self.assertEqual(self.page.text("value-chipNumber"), '"12"')
        self.undo()
        self.assertEqual(self.page.text("value-chipNumber"), "null")

    def test_the_browsers_undo_command_is_the_bindings_undo(self):
        # Chromium offers its Undo command (Edit menu, context menu) only while its own stack
        # holds an entry, and the one edit it records is a composition, which cannot be
        # cancelled. Each historyUndo it then sends steps back through the binding's states.
        self.page.element(CHIP).click()
        self.page.keys("123")
        self.page.compose(["４"], "４")
        self.page.keys("5")
        self.assertState(CHIP, "12345", 5)
        self.page.editing_command("undo")
        self.assertState(CHIP, "1234", 4)
        self.page.editing_command("undo")
        self.assertState(CHIP, "123", 3)
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(CHIP, "1234", 4)
