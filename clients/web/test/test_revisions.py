"""Every change the page asks for carries the rev of the snapshot it shows: a second Enter
sent before the first was answered moves one step, not two, and a flow changed by another
call meanwhile is shown as it is now rather than moved."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from reports import ReportTest


class Revisions(ReportTest):
    latency = 150  # every call waits 150 ms before it leaves the page

    def test_enter_pressed_twice_moves_one_step(self):
        self.start("reportMissingPet")
        self.tab_to("flow-field-chipNumber")
        ActionChains(self.page.driver).send_keys(Keys.ENTER, Keys.ENTER).perform()
        self.page.idle()
        self.assertStep("reportMissingPet", "photo")

    def test_a_flow_changed_by_another_call_is_shown_as_it_is_now_instead_of_moved(self):
        self.start("reportMissingPet")
        # Another call in the page's session stores a chip number: the page's rev is now stale.
        self.page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const { flowId } = JSON.parse(sessionStorage.getItem('petflow.report'));"
            "window.petflowPage.rpc('flow/update', { flowId, values: { chipNumber: '111112222233333' } }).then(done, done)"
        )
        self.type_into("chipNumber", "9")
        self.page.keys(Keys.ENTER)  # refused with -32015: the page shows the flow as it is now
        self.assertStep("reportMissingPet", "chipNumber")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "11111-22222-33333")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)  # the second press is made on the current rev, and moves
        self.assertStep("reportMissingPet", "photo")
