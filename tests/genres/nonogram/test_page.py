"""Nonogram on the web page in real headless Chromium (the server, browser and helpers of
tests/test_serve_browser.py): the runs beside the board, greyed as their lines are met,
"Solved!", check's conflict citing a line's runs, at a desktop and a phone's size; and the
board the server sends."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesolve.genres.nonogram.draw import page_board
from puzzlesolve.registry import get_genre

INSTANCES = Path(__file__).resolve().parents[3] / "instances"
SIZES = [(1280, 900), (400, 800)]
GENRE = get_genre("nonogram")


def shaded(name: str) -> list[tuple[int, int]]:
    """The shaded cells of an example's solution file."""
    path = INSTANCES / "nonogram" / f"{name}.txt"
    puzzle = GENRE.parse(path.read_text(), path.name)
    answer = GENRE.read_answer(puzzle, path.with_suffix(".sol").read_text(), "sol")
    return sorted(cell for cell, value in answer.items() if value == "shaded")


def test_the_board_sent_to_the_page_carries_the_runs():
    puzzle = GENRE.parse("rows\n2\n0\ncolumns\n1\n1\n", "x")
    assert page_board(GENRE, puzzle) == {
        "cells": [[None, None], [None, None]],
        "unshaded": "dot",
        "runs": {"rows": ((2,), ()), "columns": ((1,), (1,))},
    }


try:
    from selenium.webdriver.common.by import By
    from test_serve_browser import Page, driver, server, viewport, wait  # noqa: F401
except ImportError:  # pragma: no cover - selenium missing: the browser tests are skipped
    By = None


def _runs(page, where: str) -> list[tuple[str, bool]]:
    nodes = page.driver.find_elements(By.CSS_SELECTOR, f".runs.{where}")
    return [(node.text.replace("\n", " "), "met" in node.get_attribute("class")) for node in nodes]


@pytest.fixture
def page(driver, server):
    if By is None:
        pytest.skip("selenium is not installed")
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield Page(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_shading_the_picture_ticks_off_the_runs_and_solves(page, size, tmp_path):
    viewport(page, *size)
    page.example("nonogram/tatham-5x5")
    assert _runs(page, "across") == [("2", False), ("2", False), ("2", False), ("3", False),
                                     ("4", False)]  # fmt: skip
    assert _runs(page, "down")[3] == ("3 1", False)
    for r, c in shaded("tatham-5x5"):
        page.click(r, c)
    assert page.cells("shaded") == set(shaded("tatham-5x5"))
    assert all(met for _, met in _runs(page, "across") + _runs(page, "down"))
    assert wait(lambda: page.driver.find_element(By.ID, "solved").text).startswith("Solved!")
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
    page.driver.save_screenshot(str(tmp_path / f"solved-{size[0]}x{size[1]}.png"))


def test_check_cites_the_row_whose_runs_break(page, tmp_path):
    page.example("nonogram/tatham-5x5")
    page.click(0, 0)
    text = page.press("check", "Check: invalid")
    assert "row 1 has runs 2" in text
    assert (0, 0) in page.cells("conflict")
    cited = page.driver.find_elements(By.CSS_SELECTOR, ".runs.cited")
    assert "0,-1" in [node.get_attribute("data-line") for node in cited]
    page.driver.save_screenshot(str(tmp_path / "check.png"))
