"""Yajilin on the web page in real headless Chromium (the server, browser and helpers of
test_serve_loops_browser.py): the loop dragged from cell to cell is "Solved!" (the cells it
leaves count as shaded), a click in a cell's middle shades it, check names two shaded
neighbours. One small board, both window sizes."""

from __future__ import annotations

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.by import By
from test_serve_browser import viewport, wait
from test_serve_loops_browser import (  # noqa: F401 - the module's fixtures
    SIZES,
    driver,
    name,
    page,
    server,
    solution,
)


def walk(loop):
    """The loop as one walk: from a cell, always on to the neighbour not yet taken."""
    neighbours: dict = {}
    for a, b in loop:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    cells = [loop[0][0]]
    while len(cells) <= len(loop):
        cells.append(next(n for n in neighbours[cells[-1]] if len(cells) < 2 or n != cells[-2]))
    return cells


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_loop_dragged_whole_is_solved(page, size, tmp_path):  # noqa: F811
    viewport(page, *size)
    page.example("yajilin/pzprjs-5x5")
    assert page.cell(2, 3).text == "2←" and "clue" in page.cell(2, 3).get_attribute("class")
    loop = [pair for pair in solution("yajilin", "pzprjs-5x5") if isinstance(pair[0], tuple)]
    cells = walk(loop)
    page.drag_through(cells[: len(cells) // 2 + 1], centres=True)
    page.drag_through(cells[len(cells) // 2 :], centres=True)
    assert page.drawn() == {name(pair) for pair in loop}
    assert wait(page.solved_banner).startswith("Solved!")
    page.driver.save_screenshot(str(tmp_path / f"yajilin-{size[0]}x{size[1]}.png"))


def test_a_click_in_a_cell_shades_it_and_check_names_the_neighbours(page):  # noqa: F811
    page.example("yajilin/pzprjs-5x5")
    for r, c in ((2, 0), (2, 1)):
        page.cell(r, c).click()
    assert "shaded" in page.cell(2, 0).get_attribute("class")
    assert "shaded" in page.cell(2, 1).get_attribute("class")
    assert not page.drawn()
    text = page.press("check", "Check: invalid")
    assert "Rule 3 (shaded cells never share a side): r3c1 and r3c2 are shaded" in text
    page.cell(2, 1).click()  # again: unshaded, a dot
    assert "shaded" not in page.cell(2, 1).get_attribute("class")
    assert page.driver.find_elements(By.CSS_SELECTOR, '[data-cell="2,1"] .dot')
