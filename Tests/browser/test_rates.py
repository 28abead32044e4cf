"""Several currencies, through the browser.

Ada's book is in dollars. She records €100.00 in Lisbon; the dashboard and the report say their
totals are partial and list the record as "not converted (no EUR→USD rate on or before …)" with a
link that opens the rate form filled in. She saves 1.0856; the report then counts $108.56 with
"incl. €100.00" beside it, and the note is gone. At phone width (the rates page) and desktop width
(the report).
"""

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    DESKTOP, PHONE, add_record, driver, go, save_screenshot, server, set_viewport, sign_up, submit_and_wait, text,
    wait,
)


def test_a_euro_record_is_listed_until_its_rate_is_saved(server, driver):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    add_record(driver, server, book, date=today, amount="20.00", payee="Bakery", category="Food")
    add_record(driver, server, book, date=today, amount="100.00", payee="Lisbon", category="Food", currency="EUR")

    go(driver, f"{server.base_url}/books/{book}/dashboard")
    note = text(driver, "#unconverted")
    assert "Partial totals: 1 record in other currencies could not be converted and is left out." in note, note
    assert f"not converted (no EUR→USD rate on or before {today.isoformat()})" in note, note
    assert text(driver, "#dash-spent") == "$20.00"

    # The note's link opens the rate form with the currency and the day filled in.
    link = driver.find_element(By.CSS_SELECTOR, "#unconverted a[href*='/rates?']")
    query = parse_qs(urlparse(link.get_attribute("href")).query)
    assert query == {"currency": ["EUR"], "date": [today.isoformat()]}, query
    go(driver, link.get_attribute("href"))
    assert urlparse(driver.current_url).path == f"/books/{book}/rates"
    assert "1 in EUR" in text(driver, "ul.missing-rates")
    form = driver.find_element(By.ID, "rate-form")
    assert Select(form.find_element(By.NAME, "currency")).first_selected_option.get_attribute("value") == "EUR"
    assert form.find_element(By.NAME, "date").get_attribute("value") == today.isoformat()
    # A bad rate is refused with the field named, and nothing is saved.
    form.find_element(By.NAME, "rate").send_keys("1,0856")
    driver.execute_script("window.__tallyOldPage = true")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(driver).until(lambda b: b.execute_script("return !window.__tallyOldPage && document.readyState === 'complete'"))
    assert "rate: must be a positive decimal" in text(driver, "p.error")
    assert not driver.find_elements(By.CSS_SELECTOR, "ul.rates-latest li")
    form = driver.find_element(By.ID, "rate-form")
    rate = form.find_element(By.NAME, "rate")
    rate.clear()
    rate.send_keys("1.0856")
    submit_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "/rates")
    assert "Saved; the reports now use it." in text(driver, "p.notice")
    assert not driver.find_elements(By.CSS_SELECTOR, "ul.missing-rates")
    assert [li.text.split("\n")[0] for li in driver.find_elements(By.CSS_SELECTOR, "ul.rates-latest li")] == ["EUR"]
    save_screenshot(driver, "phone-rates.png")

    set_viewport(driver, DESKTOP)
    go(driver, f"{server.base_url}/books/{book}/reports?from={today:%Y-%m-01}&to={today.isoformat()}&kind=expense")
    assert not driver.find_elements(By.ID, "unconverted")
    food = [row for row in driver.find_elements(By.CSS_SELECTOR, "#summary tbody tr") if "Food" in row.text]
    assert food, "no Food row"
    cells = food[0].find_elements(By.TAG_NAME, "td")
    assert "incl. €100.00" in cells[0].text, cells[0].text
    assert cells[2].text == "$128.56", cells[2].text
    go(driver, f"{server.base_url}/books/{book}/dashboard")
    assert text(driver, "#dash-spent") == "$128.56"
    assert not driver.find_elements(By.ID, "unconverted")
