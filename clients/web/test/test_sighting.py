"""A third report as a file (issue 21): with `serve.mjs --flows flows/examples`, the demo
offers the example sighting report from flow/list, renders its choice field, follows its
branch (still there: how to reach you; gone: straight to the check page), Back across the
branch, and sends it."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest

EXAMPLES = str(harness.REPO / "flows" / "examples")
FLOW = "reportSighting"


class SightingReport(ReportTest):
    @classmethod
    def setUpClass(cls):
        harness.restart_bridge(flags=("--flows", EXAMPLES))

    @classmethod
    def tearDownClass(cls):
        harness.restart_bridge()

    def setUp(self):
        super().setUp()
        # The bridge's own flow/list, not a bare petflowd's: it is the one that has the file.
        status, answers = harness.rpc([
            {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"positionEncoding": "utf-16"}},
            {"jsonrpc": "2.0", "id": 1, "method": "flow/list"},
        ])
        self.assertEqual(status, 200)
        flows = answers[1]["result"]["flows"]
        self.steps = {flow["id"]: {step["id"]: step for step in flow["steps"]} for flow in flows}

    def where(self, still_there):
        self.start(FLOW)
        self.attach_photo()
        self.press("next")
        self.assertStep(FLOW, "where")
        self.type_into("latitude", "52.2297")
        self.type_into("longitude", "21.0122")
        self.choose("species", 1)
        options = [option["id"] for option in self.steps[FLOW]["where"]["fields"][3]["options"]]
        self.choose("stillThere", options.index("yes" if still_there else "no") + 1)
        self.press("next")

    def test_the_start_screen_offers_the_report_from_the_file(self):
        self.assertIn("Report a sighting", self.page.text(f"start-{FLOW}"))

    def test_still_there_asks_how_to_reach_you_then_sends(self):
        self.where(still_there=True)
        self.assertStep(FLOW, "contact")
        self.type_into("phone", "600100200")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")
        self.press("next")
        payload = self.payload()
        self.assertEqual(payload["stillThere"], "yes")
        self.assertEqual(payload["contactPhone"], "600100200")
        self.assertEqual(payload["location"], {"latitude": 52.2297, "longitude": 21.0122})

    def test_gone_skips_the_contact_step_and_back_returns_across_the_branch(self):
        self.where(still_there=False)
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")
        self.page.driver.back()
        # Progress counts the steps of the path as the answers make it: two, not flow/list's three.
        self.assertTrue(
            harness.wait_until(lambda: self.page.text("step-progress") == "2/2"),
            f"progress {self.page.text('step-progress')!r}, not 2/2",
        )
        self.assertEqual(self.location(), f"/report/{FLOW}/where")
        self.press("next")
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")
        self.press("next")
        payload = self.payload()
        self.assertEqual(payload["stillThere"], "no")
        self.assertIsNone(payload["contactPhone"])
