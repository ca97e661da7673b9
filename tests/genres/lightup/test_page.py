"""Light Up on the web page in real headless Chromium (the server, browser and helpers of
tests/test_serve_browser.py): lights and dots clicked in, lit cells tinted, "Solved!",
check's conflict and a hint on the board, at a desktop and a phone's size."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.by import By
from test_serve_browser import Page, driver, server, viewport, wait  # noqa: F401 - fixtures

from puzzlesolve.registry import get_genre

INSTANCES = Path(__file__).resolve().parents[3] / "instances"
SIZES = [(1280, 900), (400, 800)]


def lights(name: str) -> list[tuple[int, int]]:
    """The lights of an example's solution file."""
    genre = get_genre("lightup")
    path = INSTANCES / "lightup" / f"{name}.txt"
    puzzle = genre.parse(path.read_text(), path.name)
    answer = genre.read_answer(puzzle, path.with_suffix(".sol").read_text(), "sol")
    return sorted(cell for cell, value in answer.items() if value == "light")


@pytest.fixture
def page(driver, server):  # noqa: F811 - the fixtures imported above
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield Page(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_lights_clicked_in_solve_the_board(page, size, tmp_path):
    viewport(page, *size)
    page.example("lightup/tatham-7x7")
    assert page.cell(0, 6).text == "2" and "black" in page.cell(0, 0).get_attribute("class")
    assert page.cell(0, 0).size["width"] >= 24
    for r, c in lights("tatham-7x7"):
        page.click(r, c)
    assert page.cells("light") == set(lights("tatham-7x7"))
    assert len(page.cells("lit")) == 49 - 8  # every white cell
    assert wait(lambda: page.driver.find_element(By.ID, "solved").text).startswith("Solved!")
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
    page.driver.save_screenshot(str(tmp_path / f"solved-{size[0]}x{size[1]}.png"))


def test_a_click_cycles_light_dot_clear_and_a_black_cell_takes_none(page):
    page.example("lightup/tatham-7x7")
    page.click(1, 1)
    assert page.cells("light") == {(1, 1)}
    assert {(1, 0), (1, 6), (0, 1), (6, 1)} <= page.cells("lit")
    page.click(1, 1)
    assert page.cells("light") == set() and page.cells("empty") == {(1, 1)}
    page.click(1, 1)
    assert page.cells("empty") == set()
    page.click(0, 0)
    assert "is a black cell: it takes no light" in page.message()


def test_check_finds_two_lights_that_see_each_other_and_hint_shows_a_step(page, tmp_path):
    page.example("lightup/tatham-7x7")
    page.click(0, 1)
    page.click(0, 2)
    text = page.press("check", "Check: invalid")
    assert "Rule 2 (no light shines on another)" in text
    assert page.cells("conflict") == {(0, 1), (0, 2)}
    page.clear_marks()
    text = page.press("hint", "Hint")
    assert "r1c6 is a light by number's lights forced" in text
    page.driver.save_screenshot(str(tmp_path / "hint.png"))
