"""Budgets and bills in headless Chromium, on a phone-sized window.

Creates a weekly spender budget through its form, records expenses through the record form, and
watches the remaining amount on the Today view (computed here, by hand, from the limit, the carry
and the expenses); then adds a bill, marks it paid through the confirmation page and finds its
expense on the calendar. Keeps docs/screenshots/today.png, budgets.png and bills.png (see
save_screenshot in test_web_flow).
"""

import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    PHONE, add_record, calendar_cell, click, day_state, driver, go, open_calendar, save_screenshot, server,
    select_category, set_viewport, sign_up, submit_and_wait, text, usd, wait,
)

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def set_value(browser, element, value):
    """Sets a date input as its picker would (typed keys depend on the locale)."""
    browser.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
        element, value,
    )


def select_option(select_element, label):
    for option in Select(select_element).options:
        if option.get_attribute("textContent").strip() == label:
            Select(select_element).select_by_value(option.get_attribute("value"))
            return
    raise AssertionError(f"no option {label}")


def test_weekly_spender_budget_and_a_paid_bill(server, driver):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    last_week = today - datetime.timedelta(days=7)

    # A weekly spender budget whose weeks start on today's weekday, from a week ago: two periods,
    # last week's and this one (today … today + 6).
    go(driver, f"{server.base_url}/books/{book}/budgets")
    form = driver.find_element(By.ID, "budget-form")
    form.find_element(By.NAME, "name").send_keys("Allowance")
    form.find_element(By.NAME, "limit").send_keys("100.00")
    Select(form.find_element(By.NAME, "cycle")).select_by_value("weekly")
    Select(form.find_element(By.NAME, "week_start")).select_by_value(WEEKDAYS[today.weekday()])
    set_value(driver, form.find_element(By.NAME, "start"), last_week.isoformat())
    click(driver, form.find_element(By.CSS_SELECTOR, "input[name=mode][value=spender]"))
    submit_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), f"/books/{book}/budgets")
    card = driver.find_element(By.CSS_SELECTOR, "article.budget-card")
    assert card.find_element(By.CSS_SELECTOR, ".budget-remaining").text.strip() == "$200.00"  # 100 carried from an empty week

    # Today with nothing spent: all of it, over 7 days.
    go(driver, f"{server.base_url}/books/{book}/today")
    assert text(driver, "#today-remaining") == "$200.00"
    assert text(driver, "#spent-today") == "$0.00"

    # Last week spends 20.00 (80.00 carries); today 12.50 and 30.00.
    add_record(driver, server, book, date=today - datetime.timedelta(days=3), amount="20.00", payee="Bakery", category="Food")
    add_record(driver, server, book, date=today, amount="12.50", payee="Lunch Spot", category="Food:Restaurants")
    go(driver, f"{server.base_url}/books/{book}/today")
    remaining = 10000 + 8000 - 1250
    assert text(driver, "#today-remaining") == usd(remaining)
    assert text(driver, "#spent-today") == "$12.50"
    assert f"{usd(remaining // 7)} a day" in text(driver, ".today-sub")

    # Today's own quick-add form adds an expense dated today; the Today view follows at once.
    assert driver.find_element(By.NAME, "date").get_attribute("value") == today.isoformat()
    driver.find_element(By.ID, "amount").send_keys("30.00")
    driver.find_element(By.ID, "payee").send_keys("Book Shop")
    select_category(driver, "Entertainment")
    click(driver, driver.find_element(By.ID, "save"))
    wait(driver).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast"))
    go(driver, f"{server.base_url}/books/{book}/today")
    remaining -= 3000
    assert text(driver, "#today-remaining") == usd(remaining)
    assert text(driver, "#spent-today") == "$42.50"
    assert f"{usd(remaining // 7)} a day" in text(driver, ".today-sub")
    save_screenshot(driver, "today.png")

    # 80% of this week's 180.00 is 144.00: one more expense brings the warning.
    add_record(driver, server, book, date=today, amount="105.00", payee="Shoe Store", category="Personal:Clothing")
    go(driver, f"{server.base_url}/books/{book}/today")
    remaining -= 10500
    assert text(driver, "#today-remaining") == usd(remaining)
    assert "close to the limit" in text(driver, "#today-main .warning")
    go(driver, f"{server.base_url}/books/{book}/budgets")
    assert "close to the limit" in text(driver, "article.budget-card .warning")
    save_screenshot(driver, "budgets.png")

    # A bill due today, paid through its confirmation page.
    go(driver, f"{server.base_url}/books/{book}/bills/new")
    form = driver.find_element(By.ID, "bill-form")
    form.find_element(By.NAME, "title").send_keys("Phone")
    form.find_element(By.NAME, "amount").send_keys("45.00")
    set_value(driver, form.find_element(By.NAME, "first_due"), today.isoformat())
    select_option(form.find_element(By.NAME, "category"), "Phone")
    Select(form.find_element(By.NAME, "account")).select_by_visible_text("Credit Card")
    form.find_element(By.NAME, "url").send_keys("phone.example/pay")
    submit_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), f"/books/{book}/bills")
    bill = next(li for li in driver.find_elements(By.CSS_SELECTOR, "li.bill")
                if li.find_element(By.CSS_SELECTOR, ".what strong").text.strip() == "Phone")
    assert bill.find_element(By.CSS_SELECTOR, ".badge").text.strip() == "Unpaid"
    assert bill.find_element(By.LINK_TEXT, "Pay now ↗").get_attribute("href") == "https://phone.example/pay"
    submit_and_wait(driver, bill.find_element(By.CSS_SELECTOR, ".pay-form button[type=submit]"), "/occurrences/")
    assert "$45.00" in text(driver, "#will-record")
    submit_and_wait(driver, driver.find_element(By.ID, "confirm-pay"), f"/books/{book}/bills")
    bill = next(li for li in driver.find_elements(By.CSS_SELECTOR, "li.bill")
                if li.find_element(By.CSS_SELECTOR, ".what strong").text.strip() == "Phone")
    assert bill.find_element(By.CSS_SELECTOR, ".badge").text.strip().startswith("Paid")
    save_screenshot(driver, "bills.png")

    # The expense is on the calendar and the day page: today's 12.50 + 30.00 + 105.00 + 45.00.
    open_calendar(driver, server, book, today)
    assert calendar_cell(driver, today) == usd(1250 + 3000 + 10500 + 4500)
    go(driver, f"{server.base_url}/books/{book}/days/{today.isoformat()}")
    assert ("Phone", "\u2212$45.00") in day_state(driver)["records"]
    # And the budget counts it: this week is now over, by 12.50.
    assert remaining - 4500 == -1250
    go(driver, f"{server.base_url}/books/{book}/today")
    assert text(driver, "#today-remaining") == "-$12.50"
    assert "Over budget by $12.50" in text(driver, "#today-main .warning")
