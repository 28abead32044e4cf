"""The dashboard and a report page in headless Chromium, after a CSV import through the web.

Checks that the charts are there with one bar per group and that the figures equal sums
computed here from the imported file; keeps docs/screenshots/dashboard.png and report.png
(with UPDATE_SCREENSHOTS=1, or when they are missing).
"""
import datetime
import random

from selenium.webdriver.common.by import By

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    DESKTOP, PHONE, driver, go, save_screenshot, server, set_viewport, sign_up, submit_and_wait, text, usd,
)

PAYEES = [
    ("Blue Bottle", "Food", "Coffee"), ("Green Grocer", "Food", "Groceries"), ("Trattoria Roma", "Food", "Restaurants"),
    ("Shell", "Auto", "Fuel"), ("Oak Street Rentals", "Home", "Rent"), ("Cinema City", "Entertainment", "Movies"),
    ("City Power", "Utilities", "Electricity"), ("Lufthansa", "Travel", "Flights"),
]


def sample_rows():
    rng = random.Random(7)
    rows = []
    day = datetime.date(2024, 1, 1)
    while day.year == 2024:
        for _ in range(rng.randrange(0, 3)):
            payee, category, sub = rng.choice(PAYEES)
            cents = rng.randrange(150, 9000) if category != "Home" else 145000
            rows.append((day, cents, "expense", payee, category, sub, rng.choice(["Cash", "Debit Card", "Credit Card"])))
        if day.day == 25:
            rows.append((day, 420000, "income", "Acme Corp", "Salary", "", "Debit Card"))
        day += datetime.timedelta(days=1)
    return rows


def csv_text(rows):
    lines = ["date,amount,kind,payee,category,subcategory,account,currency,note"]
    for day, cents, kind, payee, category, sub, account in rows:
        lines.append(f"{day.isoformat()},{cents // 100}.{cents % 100:02d},{kind},{payee},{category},{sub},{account},USD,")
    return "\n".join(lines) + "\n"


def test_dashboard_and_report_charts(server, driver, tmp_path):
    set_viewport(driver, PHONE)
    book, _today = sign_up(driver, server)
    rows = sample_rows()
    path = tmp_path / "records.csv"
    path.write_text(csv_text(rows))

    # Import through the page: the preview shows the count; nothing is stored before confirming.
    go(driver, f"{server.base_url}/books/{book}/import")
    driver.find_element(By.NAME, "file").send_keys(str(path))
    submit_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/import")
    assert text(driver, "#import-count") == str(len(rows))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#import-preview tbody tr")) == 10
    submit_and_wait(driver, driver.find_element(By.ID, "import-confirm"), "/search")
    assert text(driver, "#search-count") == str(len(rows))

    # Dashboard, March 2024: totals and one bar per spending category.
    march = [r for r in rows if r[0].month == 3]
    spent = sum(r[1] for r in march if r[2] == "expense")
    categories = {r[4] for r in march if r[2] == "expense"}
    go(driver, f"{server.base_url}/books/{book}/dashboard?span=month&date=2024-03-15")
    assert text(driver, "#dash-spent") == usd(spent)
    assert text(driver, "#dash-income") == usd(sum(r[1] for r in march if r[2] == "income"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#dash-bars svg rect.bar")) == len(categories)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#dash-trend svg rect.column")) == 6 * 2
    height = driver.execute_script("return document.documentElement.scrollHeight")
    set_viewport(driver, (PHONE[0], max(PHONE[1], height)))
    save_screenshot(driver, "dashboard.png")

    # The year's report by category: table rows, bars, donut slices all match the data.
    set_viewport(driver, DESKTOP)
    go(driver, f"{server.base_url}/books/{book}/reports?from=2024-01-01&to=2024-12-31&by=category&kind=expense")
    year = {}
    for r in rows:
        if r[2] == "expense":
            year[r[4]] = year.get(r[4], 0) + r[1]
    assert len(driver.find_elements(By.CSS_SELECTOR, "#report-bars svg rect.bar")) == len(year)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#report-donut svg path.slice")) == len(year)
    table = {tr.find_elements(By.TAG_NAME, "td")[0].text.strip(): tr.find_elements(By.TAG_NAME, "td")[2].text.strip()
             for tr in driver.find_elements(By.CSS_SELECTOR, "#summary tbody tr")}
    assert table == {name: usd(total) for name, total in year.items()}
    assert text(driver, "#summary tfoot td") == usd(sum(year.values()))
    # Charts carry titles for screen readers; one whose bars are links is a group of named links, not an
    # image (an image's children are out of a screen reader's reach), and every chart has its table.
    bars = driver.find_element(By.CSS_SELECTOR, "#report-bars svg")
    assert bars.get_attribute("role") == "group" and bars.get_attribute("aria-labelledby")
    links = bars.find_elements(By.CSS_SELECTOR, "a")
    assert len(links) == len(year) and all(a.get_attribute("aria-label") for a in links)
    assert driver.find_element(By.CSS_SELECTOR, "#report-trend svg").get_attribute("role") == "img"
    for box in driver.find_elements(By.CSS_SELECTOR, ".chart-box"):
        assert len(box.find_elements(By.CSS_SELECTOR, "details.chart-table table tbody tr")) > 0, box.get_attribute("id")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    set_viewport(driver, (DESKTOP[0], max(DESKTOP[1], height)))
    save_screenshot(driver, "report.png")
