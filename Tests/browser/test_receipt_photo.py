"""A receipt photo read into a new record (issue 28) in the real add page, on a phone-sized
window: the photo chosen in "Or read a receipt photo" is read on the server, the record form is
filled with each proposed field marked, nothing is stored until Save, and Save stores what the
form showed with the photo attached. A file that is no image says why and fills nothing.

Needs Tesseract (`apt-get install tesseract-ocr`, which .ci/run installs); without it the test
is skipped and says so. Environment as for test_web_flow.py.
"""
import os
import shutil

import pytest
from selenium.webdriver.common.by import By

from test_phone import api, make_driver, post, toast
from test_web_flow import (  # noqa: F401  (the server fixture is used by name)
    click, go, server, sign_up, wait,
)

# A generated receipt of the test set (Tests/receipts/manifest.tsv): Whole Foods Market, total
# $104.32 (with a subtotal, tax and the card line around it), 2025-02-27.
PHOTO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "receipts", "generated", "r01-us.jpg"))


def proposal(browser):
    """The proposal's fields as {label: (value, source)}."""
    found = {}
    for li in browser.find_elements(By.CSS_SELECTOR, "#receipt-draft .draft-fields li"):
        found[li.find_element(By.CSS_SELECTOR, ".draft-label").text] = (
            li.find_element(By.CSS_SELECTOR, ".draft-value").text,
            li.find_element(By.CSS_SELECTOR, ".draft-source").text)
    return found


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs apt-get install tesseract-ocr")
def test_a_receipt_photo_is_read_shown_and_saved_with_the_record(server, tmp_path):
    browser = make_driver()
    try:
        book, _ = sign_up(browser, server)
        go(browser, f"{server.base_url}/books/{book}/today")
        assert post(browser, f"/api/v1/books/{book}/transactions", {
            "amount": "20.00", "payee": "Whole Foods Market", "category": "Food:Groceries",
            "date": "2025-01-10"}) == 201
        go(browser, f"{server.base_url}/books/{book}/transactions/new")
        assert browser.find_element(By.ID, "receipt-photo").location["y"] < browser.find_element(By.ID, "amount").location["y"]
        browser.find_element(By.ID, "receipt-photo").send_keys(PHOTO)
        wait(browser, 40).until(lambda b: b.find_elements(By.ID, "receipt-check"))
        fields = proposal(browser)
        assert fields["Amount"] == ("104.32 USD", "the line that says total"), fields
        assert fields["Date"] == ("2025-02-27", "read on the receipt"), fields
        assert fields["Payee"] == ("Whole Foods Market", "a payee you know"), fields
        # The form is filled and each proposed field is marked until it is changed.
        amount = browser.find_element(By.ID, "amount")
        assert amount.get_attribute("value") == "104.32"
        assert browser.find_element(By.ID, "date").get_attribute("value") == "2025-02-27"
        assert browser.find_element(By.ID, "payee").get_attribute("value") == "Whole Foods Market"
        marked = [e.get_attribute("name") for e in browser.find_elements(By.CSS_SELECTOR, "form.record-form .proposed")]
        assert sorted(marked) == ["amount", "currency", "date", "payee"], marked
        checked = browser.find_element(By.CSS_SELECTOR, "input[name=category]:checked")
        assert checked.find_element(By.XPATH, "..").get_attribute("data-path") == "Food:Groceries", "the payee's usual"
        assert browser.execute_script("return document.getElementById('receipts').files.length") == 1, "the photo rides along"
        assert "The photo is kept with the record" in browser.find_element(By.ID, "receipt-check").text
        assert browser.switch_to.active_element.get_attribute("id") == "save", "Save is next"
        records = api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"]
        assert len(records) == 1, "nothing is stored by reading"

        # The person checks and confirms: what is saved is what the form showed, with the photo.
        click(browser, browser.find_element(By.ID, "save"))
        assert toast(browser).startswith("Saved: 104.32 USD · Groceries · Whole Foods Market")
        records = api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"]
        saved = [r for r in records if r["date"] == "2025-02-27"]
        assert [(r["amount"], r["category"], r["payee"]) for r in saved] == [("104.32", "Food:Groceries", "Whole Foods Market")]
        receipts = api(browser, f"/api/v1/books/{book}/transactions/{saved[0]['id']}/receipts")
        # The page sends photos as a JPEG of at most 1,600 px a side (app.js), so the bytes differ.
        assert [r["content_type"] for r in receipts] == ["image/jpeg"] and receipts[0]["bytes"] > 10_000, receipts

        # A file that is no image says why; the form stays empty.
        go(browser, f"{server.base_url}/books/{book}/transactions/new")
        not_image = tmp_path / "notes.jpg"
        not_image.write_text("this is not a photo")
        browser.find_element(By.ID, "receipt-photo").send_keys(str(not_image))
        wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#receipt-draft .error"))
        assert "is not a JPEG, PNG, HEIC or WebP image" in browser.find_element(By.CSS_SELECTOR, "#receipt-draft .error").text
        assert browser.find_element(By.ID, "amount").get_attribute("value") == ""
    finally:
        browser.quit()
