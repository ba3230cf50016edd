"""Both reports on /, walked to the end by keyboard alone (Tab, Enter, Space, arrows; the
photo file is the one thing a keyboard cannot pick, so WebDriver hands it to the file
input), in English at a phone's width and in Polish at a laptop's, with axe-core run on
every page state on the way (each step with and without errors, the check page, the
leave dialog, the report sent, and /fields), at both widths. Both on the engine in the page
(wasm); then English over the bridge's WebSocket, and Polish over its fetch."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest, message


class Walks:
    """Each report walked as a person would, axe on every state it passes."""

    def test_report_a_missing_pet_by_keyboard(self):
        flow = "reportMissingPet"
        self.page.axe(f"{self.locale}-start")
        self.start(flow)
        self.assertEqual(self.page.focused(), "step-title")
        self.page.axe(f"{self.locale}-missing-chipNumber")
        self.type_into("chipNumber", "123456789012345")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-67890-12345")
        self.page.keys(Keys.ENTER)  # Enter in a field is Continue
        self.assertStep(flow, "photo")
        self.assertFocusUseful()
        self.page.axe(f"{self.locale}-missing-photo")
        self.press("next", Keys.SPACE)  # no photo: it is optional
        self.assertStep(flow, "description")
        self.page.axe(f"{self.locale}-missing-description")
        self.type_into("description", "Brown dachshund, red collar")
        self.press("next")
        self.assertStep(flow, "contactDetails")
        self.page.axe(f"{self.locale}-missing-contactDetails")
        self.type_into("contactPhone", "+48 600 700 800")
        self.type_into("contactEmail", "owner@")
        self.page.keys(Keys.ENTER)
        # The email is not valid: the step stays, the summary says so first and has the focus.
        self.assertStep(flow, "contactDetails")
        self.assertErrors({"contactEmail": message("email.invalid", self.locale, "email", "owner@")})
        self.assertEqual(self.page.focused(), "error-summary")
        self.page.axe(f"{self.locale}-missing-contactDetails-errors")
        self.tab_to("flow-field-contactEmail")
        self.page.keys(Keys.END, "example.com", Keys.ENTER)
        self.assertEqual(self.location(), f"/report/{flow}/summary")
        self.assertEqual(self.page.text("step-title"), self.words("checkTitle"))
        self.assertEqual(self.page.text("summary-chipNumber"), "12345-67890-12345")
        self.assertEqual(self.page.text("next"), self.words("submit"))
        self.page.axe(f"{self.locale}-missing-check-answers")
        self.press("next")
        self.assertEqual(self.page.focused(), "sent-title")
        self.assertEqual(
            self.payload(),
            {
                "chipNumber": "123456789012345",
                "photo": None,
                "description": "Brown dachshund, red collar",
                "contactPhone": "+48600700800",
                "contactEmail": "owner@example.com",
            },
        )
        self.assertEqual(self.page.text("summary-contactEmail"), "owner@example.com")
        self.press("restart")  # Start another report
        self.assertEqual(self.page.focused(), "start-title")
        self.assertEqual(self.location(), "/")

    def test_report_a_found_pet_by_keyboard(self):
        flow = "reportFoundPet"
        self.start(flow)
        self.page.axe(f"{self.locale}-found-photo")
        self.press("next")  # no photo yet: it is required
        self.assertErrors({"photo": message("photo.required", self.locale, "photo", {"value": None})})
        self.assertEqual(self.page.focused(), "error-summary")
        self.page.axe(f"{self.locale}-found-photo-errors")
        self.attach_photo()
        self.assertIn("rex.png", self.page.text("photo-info-photo"))
        self.assertErrors({})  # the photo's error goes as soon as it is fixed, and the summary with it
        self.assertFocusUseful()
        self.press("next")
        self.assertStep(flow, "petDetails")
        self.assertErrors({})
        self.page.axe(f"{self.locale}-found-petDetails")
        self.press("next")  # everything required is empty
        required = {
            "disappearanceDate": message("date.required", self.locale, "date", ""),
            "animalSpecies": message("species.required", self.locale, "species", ""),
            "animalGender": message("gender.required", self.locale, "gender", ""),
            "animalLatitude": message("latitude.required", self.locale, "latitude", ""),
            "animalLongitude": message("longitude.required", self.locale, "longitude", ""),
        }
        self.assertErrors(required)
        self.page.axe(f"{self.locale}-found-petDetails-errors")
        self.type_into("disappearanceDate", "20240501")
        self.assertEqual(self.page.state("flow-field-disappearanceDate")[0], "2024-05-01")
        self.choose("animalSpecies", 1)  # the first choice: dog
        self.choose("animalGender", 2)  # the second: female
        self.type_into("animalLatitude", "52,2297")
        self.type_into("animalLongitude", "21.0122")
        self.type_into("animalAge", "3")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "contactDetails")
        self.page.axe(f"{self.locale}-found-contactDetails")
        self.type_into("phone", "+48 123")
        self.press("next")
        self.assertErrors(
            {
                "phone": message("phone.tooShort", self.locale, "phone", "+48123"),
                "email": message("email.required", self.locale, "email", ""),
            }
        )
        self.page.axe(f"{self.locale}-found-contactDetails-errors")
        self.type_into("phone", Keys.END + "456789")  # Tab selects the field's text: End, then type
        self.type_into("email", "finder@example.com")
        self.type_into("caregiverPhoneNumber", "600 700 800")
        self.type_into("currentPhysicalAddress", "At the vet, ul. Długa 5")
        self.press("next")
        # The last question page: the demo's check page, before anything is sent.
        self.assertEqual(self.location(), f"/report/{flow}/check-answers")
        self.assertEqual(self.page.focused(), "step-title")
        self.assertEqual(self.page.text("summary-disappearanceDate"), "2024-05-01")
        self.assertEqual(self.page.text("summary-phone"), harness.ask("field/format", {"field": "phone", "text": "+48123456789"})["text"])
        self.page.axe(f"{self.locale}-found-check-answers")
        self.press("leave")  # the page's own dialog asks first
        self.assertTrue(self.page.element("confirm-leave").is_displayed())
        self.assertEqual(self.page.focused(), "confirm-leave-stay")
        self.page.axe(f"{self.locale}-confirm-leave")
        self.page.keys(Keys.ENTER)  # Stay
        self.assertFalse(self.page.element("confirm-leave").is_displayed())
        self.assertEqual(self.page.focused(), "leave")
        self.press("next")  # Send report
        self.assertTrue(self.page.element("report-sent").is_displayed())
        self.assertEqual(self.page.focused(), "sent-title")
        self.assertEqual(self.location(), f"/report/{flow}/sent")
        self.page.driver.execute_script("document.querySelector('#report-sent details').open = true")
        self.page.axe(f"{self.locale}-report-sent")
        self.assertEqual(self.page.element("payload").get_attribute("tabindex"), "0")
        payload = self.payload()
        self.assertEqual(payload["photo"]["mimeType"], "image/png")
        self.assertTrue(payload["photo"]["uri"].startswith("blob:"))  # metadata only, never the file
        self.assertEqual(payload["disappearanceDate"], "2024-05-01")
        self.assertEqual((payload["species"], payload["gender"], payload["age"]), ("dog", "female", 3))
        self.assertEqual(payload["location"], {"latitude": 52.2297, "longitude": 21.0122})
        self.assertEqual(payload["contactDetails"], {"phone": "+48123456789", "email": "finder@example.com", "rewardDescription": None})
        self.assertNotIn("caregiverPhoneNumber", str(payload))  # stays in the app: never sent

    def test_the_field_playground_with_and_without_errors(self):
        self.page.open("/fields", transport=self.transport, width=self.width)
        self.assertEqual(self.page.driver.execute_script("return window.petflowPage.transport()"), self.transport)
        self.page.axe(f"{self.locale}-fields")
        self.page.element("field-email").click()
        self.page.keys("rex@", Keys.TAB)
        self.assertNotEqual(self.page.text("error-email"), "")
        self.page.axe(f"{self.locale}-fields-errors")


class EnglishAtPhoneWidth(Walks, ReportTest):
    locale = "en"
    width = harness.PHONE


class PolishAtLaptopWidth(Walks, ReportTest):
    locale = "pl"
    width = harness.DESKTOP


class EnglishOverWebSocket(EnglishAtPhoneWidth):
    transport = "ws"


class PolishOverFetch(PolishAtLaptopWidth):
    transport = "http"
