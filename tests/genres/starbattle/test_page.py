"""Star Battle on the web page in real headless Chromium (the server, browser and helpers of
tests/test_serve_browser.py): regions drawn with thick borders, stars and dots clicked in,
"Solved!", check's conflict and a hint, at a desktop and a phone's size."""

from __future__ import annotations

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.by import By
from test_serve_browser import Page, driver, server, viewport, wait  # noqa: F401 - fixtures

SIZES = [(1280, 900), (400, 800)]
STARS = [(0, 5), (1, 0), (2, 2), (3, 4), (4, 1), (5, 3)]  # generated-6x6's solution


@pytest.fixture
def page(driver, server):  # noqa: F811 - the fixtures imported above
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield Page(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_stars_clicked_in_solve_the_board(page, size, tmp_path):
    viewport(page, *size)
    page.example("starbattle/generated-6x6")
    # region a is r1c1 r1c2 r2c2 ...: a wall right of r1c2, none right of r1c1
    assert "wall-right" in page.cell(0, 1).get_attribute("class")
    assert "wall-right" not in page.cell(0, 0).get_attribute("class")
    for r, c in STARS:
        page.click(r, c)
    assert page.cells("starred") == set(STARS)
    assert wait(lambda: page.driver.find_element(By.ID, "solved").text).startswith("Solved!")
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
    page.driver.save_screenshot(str(tmp_path / f"solved-{size[0]}x{size[1]}.png"))


def test_a_click_cycles_star_dot_clear(page):
    page.example("starbattle/generated-6x6")
    page.click(2, 2)
    assert page.cells("starred") == {(2, 2)}
    page.click(2, 2)
    assert page.cells("starred") == set() and page.cells("no-star") == {(2, 2)}
    page.click(2, 2)
    assert page.cells("no-star") == set()


def test_check_finds_two_stars_in_a_row_and_hint_shows_a_step(page, tmp_path):
    page.example("starbattle/generated-6x6")
    page.click(0, 0)
    page.click(0, 2)
    text = page.press("check", "Check: invalid")
    assert "Rule 1 (every row holds exactly N stars)" in text
    assert page.cells("conflict") == {(0, 0), (0, 2)}
    page.clear_marks()
    text = page.press("hint", "Hint")
    assert "r1c1 holds no star by confined to a line" in text
    page.driver.save_screenshot(str(tmp_path / "hint.png"))
