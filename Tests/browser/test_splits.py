"""A split record through the browser, on a phone.

Ada adds one Costco receipt of $52.50 as $40 of groceries and $12.50 of household: she ticks
"Split", fills two lines (a third added and removed on the way), watching what is left to assign,
and saves. The report then has Food at $40.00 and Household at $12.50, and the edit form shows the
two lines again. Keeps docs/screenshots/phone-split.png.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_imports import no_sideways_scroll
from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    PHONE, click, driver, go, save_screenshot, server, set_viewport, sign_up, submit_and_wait, text, usd, wait,
)


def line(form, n):
    return form.find_elements(By.CSS_SELECTOR, "#split-lines .split-line")[n]


def test_phone_split_record_in_the_report(server, driver):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    go(driver, f"{server.base_url}/books/{book}/transactions/new")
    form = driver.find_element(By.CSS_SELECTOR, "form.record-form")
    assert not driver.find_element(By.ID, "split-editor").is_displayed()
    form.find_element(By.NAME, "amount").send_keys("52.50")
    form.find_element(By.NAME, "payee").send_keys("Costco")
    click(driver, driver.find_element(By.ID, "split-on"))
    assert driver.find_element(By.ID, "split-editor").is_displayed()
    # The category tiles step aside while the record is split.
    assert not driver.find_element(By.ID, "categories").is_displayed()

    Select(line(form, 0).find_element(By.TAG_NAME, "select")).select_by_visible_text("Food:Groceries")
    line(form, 0).find_element(By.NAME, "line_amount[]").send_keys("40")
    assert text(driver, "#split-left") == "12.50 left to assign"
    Select(line(form, 1).find_element(By.TAG_NAME, "select")).select_by_visible_text("Household")
    line(form, 1).find_element(By.NAME, "line_amount[]").send_keys("13")
    assert text(driver, "#split-left") == "0.50 over the amount"
    click(driver, driver.find_element(By.ID, "add-line"))
    rows = form.find_elements(By.CSS_SELECTOR, "#split-lines .split-line")
    assert len(rows) == 4, "two blank rows and a spare, then one added"
    click(driver, rows[-1].find_element(By.CSS_SELECTOR, ".remove-line"))
    assert len(form.find_elements(By.CSS_SELECTOR, "#split-lines .split-line")) == 3
    amount = line(form, 1).find_element(By.NAME, "line_amount[]")
    amount.clear()
    amount.send_keys("12.50")
    line(form, 1).find_element(By.NAME, "line_note[]").send_keys("soap & <towels>")
    assert text(driver, "#split-left") == "Lines add up"
    no_sideways_scroll(driver)
    driver.execute_script("document.getElementById('split').scrollIntoView({block: 'center'})")
    save_screenshot(driver, "phone-split.png")

    driver.execute_script("var t = document.querySelector('.toast'); if (t) t.remove();")
    click(driver, form.find_element(By.ID, "save"))
    wait(driver).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast"))
    message = driver.find_element(By.CSS_SELECTOR, ".toast span").get_attribute("textContent")
    assert message.startswith("Saved: "), message

    # The report counts each line under its own category.
    month = today.strftime("%Y-%m")
    go(driver, f"{server.base_url}/books/{book}/reports?from={month}-01&to={today.isoformat()}&by=category&kind=expense")
    table = {tr.find_elements(By.TAG_NAME, "td")[0].text.strip(): tr.find_elements(By.TAG_NAME, "td")[2].text.strip()
             for tr in driver.find_elements(By.CSS_SELECTOR, "#summary tbody tr")}
    assert table == {"Food": usd(4000), "Household": usd(1250)}, table
    assert text(driver, "#summary tfoot td") == usd(5250)
    no_sideways_scroll(driver)

    # The edit form shows the split again, line by line.
    go(driver, f"{server.base_url}/books/{book}/days/{today.isoformat()}")
    record = driver.find_element(By.CSS_SELECTOR, "ul.records li a[data-id]").get_attribute("data-id")
    go(driver, f"{server.base_url}/books/{book}/transactions/{record}/edit")
    form = driver.find_element(By.CSS_SELECTOR, "form.record-form")
    assert driver.find_element(By.ID, "split-on").is_selected()
    assert Select(line(form, 0).find_element(By.TAG_NAME, "select")).first_selected_option.text == "Food:Groceries"
    assert line(form, 1).find_element(By.NAME, "line_note[]").get_attribute("value") == "soap & <towels>"
    assert text(driver, "#split-left") == "Lines add up"
    # Made one category again from the edit form.
    click(driver, driver.find_element(By.ID, "split-on"))
    click(driver, form.find_element(By.CSS_SELECTOR, ".tile-grid[data-kind=expense] label.tile"))
    submit_and_wait(driver, form.find_element(By.ID, "save"), f"/days/{today.isoformat()}")
    go(driver, f"{server.base_url}/books/{book}/reports?from={month}-01&to={today.isoformat()}&by=category&kind=expense")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#summary tbody tr")) == 1
