"""Tents on the web page: its API (the board with its counts, marks read as an answer, a
tree refused, grass taken for unmarked cells once the tents are in) and, in real headless
Chromium (the server, browser and helpers of tests/test_serve_browser.py), trees, the counts
outside the grid, tents and grass clicked in, "Solved!", check's conflict and a hint, at a
desktop and a phone's size."""

from __future__ import annotations

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from conftest import app, client, post  # noqa: F401 - fixtures
from selenium.webdriver.common.by import By
from test_serve_browser import Page, driver, server, viewport, wait  # noqa: F401 - fixtures

SIZES = [(1280, 900), (400, 800)]
TENTS = [(0, 4), (1, 0), (1, 2), (2, 5), (3, 1), (4, 5), (5, 2)]  # tatham-6x6's solution


SIX = {"genre": "tents", "source": {"example": "tatham-6x6"}}


def test_the_api_gives_the_board_and_reads_the_marks(client):  # noqa: F811 - a fixture
    board = post(client, "load", SIX)["board"]
    assert board["kind"] == "tents" and board["cells"][0] == ["T", None, "T", None, None, "T"]
    assert board["row_counts"] == [1, 2, 1, 1, 1, 1]
    assert board["col_counts"] == [1, 1, 2, 0, 1, 2]
    touching = [[1, 0, "tent"], [0, 1, "tent"]]
    result = post(client, "check", {**SIX, "answer": touching})
    assert result["verdict"] == "invalid" and result["conflicts"][0]["rules"] == [3]
    tents = [[r, c, "tent"] for r, c in TENTS]  # the rest unmarked: grass, as on paper
    assert post(client, "check", {**SIX, "answer": tents})["verdict"] == "solved"
    refused = post(client, "check", {**SIX, "answer": [[0, 0, "tent"]]}, status=400)
    assert "r1c1 is a tree: it takes no mark" in refused["error"]


@pytest.fixture
def page(driver, server):  # noqa: F811 - the fixtures imported above
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield Page(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_tents_clicked_in_solve_the_board(page, size, tmp_path):
    viewport(page, *size)
    page.example("tents/tatham-6x6")
    assert page.cells("tree") == {(0, 0), (0, 2), (0, 5), (1, 5), (4, 1), (4, 4), (5, 3)}
    counts = page.driver.find_elements(By.CSS_SELECTOR, "#board .count")
    assert [c.text for c in counts] == ["1", "2", "1", "1", "1", "1", "1", "1", "2", "0", "1", "2"]
    for r, c in TENTS:
        page.click(r, c)
    assert page.cells("tent") == set(TENTS)
    assert wait(lambda: page.driver.find_element(By.ID, "solved").text).startswith("Solved!")
    met = page.driver.find_elements(By.CSS_SELECTOR, "#board .count.met")
    assert len(met) == 12  # every count faded: its line holds its tents
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
    page.driver.save_screenshot(str(tmp_path / f"solved-{size[0]}x{size[1]}.png"))


def test_a_click_cycles_tent_grass_clear_and_a_tree_takes_none(page):
    page.example("tents/tatham-6x6")
    page.click(2, 2)
    assert page.cells("tent") == {(2, 2)}
    page.click(2, 2)
    assert page.cells("tent") == set() and page.cells("grass") == {(2, 2)}
    page.click(2, 2)
    assert page.cells("grass") == set()
    page.click(0, 0)
    assert page.cells("tent") == set()


def test_check_finds_touching_tents_and_hint_shows_a_step(page, tmp_path):
    page.example("tents/tatham-6x6")
    page.click(1, 0)
    page.click(0, 1)  # beside trees r1c1 and r1c3, and touching r2c1 at a corner
    text = page.press("check", "Check: invalid")
    assert "Rule 3 (two tents never touch, not even at a corner)" in text
    assert page.cells("conflict") == {(0, 1), (1, 0)}
    page.clear_marks()
    text = page.press("hint", "Hint")
    assert "r1c5 is a tent by tree's last place" in text
    page.driver.save_screenshot(str(tmp_path / "hint.png"))
