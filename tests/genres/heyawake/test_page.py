"""Heyawake on the web page in real headless Chromium (the server, browser and helpers of
tests/test_serve_browser.py): rooms drawn with thick borders and their numbers, cells shaded
by clicks, "Solved!", check's conflict and a hint, at a phone's size."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve.registry import get_genre

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.by import By
from test_serve_browser import Page, driver, server, viewport, wait  # noqa: F401 - fixtures

SIZES = [(400, 800)]  # the desktop size is Star Battle's, whose walls these share
SHADED = [(0, 0), (0, 2), (0, 5), (1, 3), (2, 0), (2, 2), (2, 4), (4, 1), (4, 3), (4, 5), (5, 2)]


def test_the_board_has_rooms_and_numbers():
    genre = get_genre("heyawake")
    puzzle = genre.parse(Path("instances/heyawake/pzprjs-6x6.txt").read_text(), "six")
    board = genre.feature("draw").page_board(genre, puzzle)
    assert board["cells"][0] == [2, 2, None, 2, None, 2]
    assert board["regions"][3] == [5, 5, 5, 5, 5, 4]


@pytest.fixture
def page(driver, server):  # noqa: F811 - the fixtures imported above
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield Page(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_cells_shaded_by_clicks_solve_the_board(page, size, tmp_path):
    viewport(page, *size)
    page.example("heyawake/pzprjs-6x6")
    # room a is r1c1-r3c1: a wall right of r1c1, none below it
    assert "wall-right" in page.cell(0, 0).get_attribute("class")
    assert "wall-bottom" not in page.cell(0, 0).get_attribute("class")
    assert page.cell(0, 1).text == "2"
    for r, c in SHADED:
        page.click(r, c)
    assert page.cells("shaded") == set(SHADED)
    assert wait(lambda: page.driver.find_element(By.ID, "solved").text).startswith("Solved!")
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
    page.driver.save_screenshot(str(tmp_path / f"solved-{size[0]}x{size[1]}.png"))


def test_check_finds_two_shaded_cells_touching_and_hint_shows_a_step(page, tmp_path):
    page.example("heyawake/pzprjs-6x6")
    page.click(0, 0)
    page.click(0, 1)
    text = page.press("check", "Check: invalid")
    assert "Rule 1 (shaded cells never share a side)" in text
    assert page.cells("conflict") == {(0, 0), (0, 1)}
    page.clear_marks()
    text = page.press("hint", "Hint")
    assert "r1c1 is shaded by room in a line" in text
    page.driver.save_screenshot(str(tmp_path / "hint.png"))
