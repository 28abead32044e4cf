"""A person's locale in headless Chromium: with `locale` set to de-DE, the pages say so
(`<html lang="de-DE">`), the server writes amounts the German way, and the goal form's live
label, which the page's script writes as the slider moves, writes them the same way through the
browser's Intl (never a hand-kept copy of the server's format)."""

import json
import re
import urllib.request

from selenium.webdriver.common.by import By

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    EMAIL, PASSWORD, PHONE, driver, go, server, set_viewport, sign_up, wait,
)


def api(server, method, path, body=None, token=None):
    request = urllib.request.Request(server.base_url + "/api/v1" + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def test_german_amounts_on_the_page_and_in_the_goal_forms_script(server, driver):
    set_viewport(driver, PHONE)
    book, _ = sign_up(driver, server)
    token = api(server, "POST", "/tokens", {"email": EMAIL, "password": PASSWORD, "name": "locale"})["token"]
    settings = api(server, "PATCH", "/settings", {"locale": "de-DE"}, token)
    assert settings["locale"] == "de-DE"
    api(server, "POST", f"/books/{book}/transactions",
        {"amount": "1234.50", "payee": "Markt", "date": "2026-11-02", "category": "Food:Groceries"}, token)

    go(driver, f"{server.base_url}/books/{book}/search")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de-DE"
    page = driver.find_element(By.TAG_NAME, "main").text.replace("\u00a0", " ")
    assert "1.234,50 $" in page, page[:600]

    go(driver, f"{server.base_url}/books/{book}/goals")
    form = driver.find_element(By.ID, "goal-form")
    form.find_element(By.NAME, "price").send_keys("5000")
    form.find_element(By.NAME, "income").send_keys("2500")
    slider = form.find_element(By.NAME, "percent")
    driver.execute_script(
        "arguments[0].value = 50; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", slider)
    label = form.find_element(By.ID, "percent-label")
    wait(driver).until(lambda _: "·" in label.text)
    shown = label.text.replace("\u00a0", " ")
    # 50 % of 2,500.00: 1,250.00, written by Intl in de-DE.
    assert re.search(r"1\.250,00 \$", shown), shown
