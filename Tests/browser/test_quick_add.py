"""Quick add in one line (issue 28) in the real pages, on a phone-sized window: the draft shown
live as the line is typed, Read filling the record form, Save storing what was shown; and a line
typed offline, kept on the phone, read when the network is back against the day it was typed,
and saved only once its draft was checked on the queue page.

Environment as for test_web_flow.py.
"""
import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from network_conditions import OFFLINE, ONLINE, Conditions
from test_phone import api, make_driver, signed_up_with_a_warm_worker, toast
from test_web_flow import (  # noqa: F401  (the server fixture is used by name)
    click, go, server, sign_up, wait,
)


def draft_fields(browser):
    """The live draft's fields as {label: (value, source)}."""
    found = {}
    for li in browser.find_elements(By.CSS_SELECTOR, "#quick-draft .draft-fields li"):
        label = li.find_element(By.CSS_SELECTOR, ".draft-label").text
        found[label] = (li.find_element(By.CSS_SELECTOR, ".draft-value").text,
                        li.find_element(By.CSS_SELECTOR, ".draft-source").text)
    return found


def test_a_line_is_shown_as_a_draft_filled_in_and_saved(server):
    browser = make_driver()
    try:
        book, today = sign_up(browser, server)
        go(browser, f"{server.base_url}/books/{book}/today")
        line = browser.find_element(By.ID, "quick-line")
        assert line.location["y"] < browser.find_element(By.ID, "amount").location["y"], "the line comes first"
        line.send_keys("coffee 4.50 corner cafe yesterday")
        wait(browser).until(lambda b: "Amount" in draft_fields(b))
        yesterday = (today - datetime.timedelta(days=1)).isoformat()
        fields = draft_fields(browser)
        assert fields["Amount"] == ("4.50 USD", "as typed"), fields
        assert fields["Date"] == (yesterday, "as typed"), fields
        assert fields["Category"] == ("Food:Coffee", "a word in the line"), fields
        assert fields["Kind"][1] == "guessed", fields
        # Nothing is stored by reading.
        assert api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"] == []

        click(browser, browser.find_element(By.ID, "quick-read"))
        wait(browser).until(lambda b: b.find_elements(By.ID, "quick-check"))
        assert browser.find_element(By.ID, "amount").get_attribute("value") == "4.50"
        assert browser.find_element(By.ID, "date").get_attribute("value") == yesterday
        checked = browser.find_element(By.CSS_SELECTOR, "input[name=category]:checked")
        assert checked.find_element(By.XPATH, "..").get_attribute("data-path") == "Food:Coffee"
        assert browser.switch_to.active_element.get_attribute("id") == "save", "Save is next"
        # The person changes a field before saving: what is saved is what the form shows.
        payee = browser.find_element(By.ID, "payee")
        payee.clear()
        payee.send_keys("Corner Café")
        click(browser, browser.find_element(By.ID, "save"))
        assert toast(browser).startswith("Saved: 4.50 USD · Coffee · Corner Café")
        records = api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"]
        assert [(r["amount"], r["category"], r["date"], r["payee"]) for r in records] == [
            ("4.50", "Food:Coffee", yesterday, "Corner Café")]

        # A line the reader refuses says why, and fills nothing.
        line = browser.find_element(By.ID, "quick-line")
        line.clear()
        line.send_keys("coffee at the corner", Keys.ENTER)
        wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#quick-draft .error"))
        assert "holds no amount" in browser.find_element(By.CSS_SELECTOR, "#quick-draft .error").text
        assert browser.find_element(By.ID, "amount").get_attribute("value") == ""
    finally:
        browser.quit()


def test_a_line_typed_offline_waits_then_is_checked_before_it_is_saved(server, tmp_path):
    browser = make_driver(tmp_path / "profile")
    conditions = None
    try:
        book, today = signed_up_with_a_warm_worker(browser, server)
        conditions = Conditions(browser)
        conditions.apply(OFFLINE)
        go(browser, f"{server.base_url}/books/{book}/today")
        line = browser.find_element(By.ID, "quick-line")
        line.send_keys("lunch 12 yesterday", Keys.ENTER)
        wait(browser).until(lambda b: "Saved on this phone" in b.find_element(By.ID, "quick-draft").text)
        assert line.get_attribute("value") == ""
        wait(browser).until(lambda b: "1 waiting to sync" in b.find_element(By.ID, "status-bar").text)

        # Back online, the line is read (against the day it was typed) but not saved.
        conditions.apply(ONLINE)
        browser.execute_script("window.dispatchEvent(new Event('online'))")
        go(browser, f"{server.base_url}/books/{book}/queue")
        wait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#queue-list li.review"))
        assert "1 to check" in browser.find_element(By.ID, "status-bar").text
        yesterday = (today - datetime.timedelta(days=1)).isoformat()
        item = browser.find_element(By.CSS_SELECTOR, "#queue-list li.review")
        assert item.find_element(By.CSS_SELECTOR, ".draft").text.startswith(f"12.00 USD · {yesterday} · lunch"), item.text
        assert api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"] == []

        click(browser, item.find_element(By.XPATH, ".//button[text()='Save']"))
        wait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#queue-list li.empty"))
        records = api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"]
        assert [(r["amount"], r["date"], r["payee"]) for r in records] == [("12.00", yesterday, "lunch")]
    finally:
        if conditions:
            conditions.close()
        browser.quit()
