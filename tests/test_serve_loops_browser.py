"""Slitherlink and Masyu on the web page in real headless Chromium (the server, browser and
helpers of test_serve_browser.py): edges clicked between dots, segments dragged between
cell centres, "Solved!", check's wrong edge, a hint on the board. Small boards only."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve_browser import Page, viewport, wait

from puzzlesolve.registry import get_genre

pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from test_serve_browser import driver, server  # noqa: F401 - the module's fixtures

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
SIZES = [(1280, 900), (400, 800)]


def solution(genre: str, name: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs the example's solution file draws."""
    path = INSTANCES / genre / f"{name}.txt"
    puzzle = get_genre(genre).parse(path.read_text(encoding="utf-8"), path.name)
    sol = path.with_suffix(".sol").read_text(encoding="utf-8")
    drawn = get_genre(genre).read_answer(puzzle, sol, "sol")
    return sorted(pair for pair, value in drawn.items() if value == "on")


def name(pair) -> str:
    """A pair as the page keys it: "y,x|y2,x2"."""
    (a, b), (c, d) = pair
    return f"{a},{b}|{c},{d}"


class LoopPage(Page):
    def offset(self, y: float, x: float) -> tuple[int, int]:
        """Where place (y, x) is, in cells from cell (0, 0)'s top-left corner, as an offset
        from the board's centre (the board stays while its cells are drawn anew)."""
        box = self.driver.execute_script(
            "const board = document.getElementById('board').getBoundingClientRect();"
            "const first = document.querySelector('[data-cell=\"0,0\"]').getBoundingClientRect();"
            "return [first.left - board.left, first.top - board.top, first.width,"
            " board.width, board.height];"
        )
        left, top, size, width, height = box
        return round(left + x * size - width / 2), round(top + y * size - height / 2)

    def click_pair(self, pair, centres: bool) -> None:
        """Click half way along a pair: an edge between two points, or (`centres`) a
        segment between two cells' centres; from the nearest cell, scrolled into sight."""
        (y, x), (y2, x2) = pair
        shift = 0.5 if centres else 0
        along_y, along_x = (y + y2) / 2 + shift, (x + x2) / 2 + shift  # in cells
        last = self.driver.find_elements(By.CSS_SELECTOR, "#board .cell")[-1]
        rows, cols = (int(n) + 1 for n in last.get_attribute("data-cell").split(","))
        r, c = min(int(along_y), rows - 1), min(int(along_x), cols - 1)
        cell = self.cell(r, c)
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", cell
        )
        size = cell.size["width"]
        at = round((along_x - c - 0.5) * size), round((along_y - r - 0.5) * size)
        ActionChains(self.driver, duration=20).move_to_element_with_offset(
            cell, *at
        ).click().perform()

    def drag_through(self, places, centres: bool) -> None:
        shift = 0.5 if centres else 0
        board = self.driver.find_element(By.ID, "board")
        spots = [self.offset(y + shift, x + shift) for y, x in places]
        actions = ActionChains(self.driver, duration=20).move_to_element_with_offset(
            board, *spots[0]
        )
        actions.click_and_hold()
        for spot in spots[1:]:
            actions.move_to_element_with_offset(board, *spot)
        actions.release().perform()

    def drawn(self) -> set[str]:
        lines = self.driver.find_elements(By.CSS_SELECTOR, "#board line.loop-line")
        return {e.get_attribute("data-edge") or e.get_attribute("data-segment") for e in lines}

    def marked(self, css_class: str) -> set[str]:
        found = self.driver.find_elements(By.CSS_SELECTOR, f"#board .{css_class}")
        return {e.get_attribute("data-edge") or e.get_attribute("data-segment") for e in found}

    def solved_banner(self) -> str:
        return self.driver.find_element(By.ID, "solved").text


@pytest.fixture
def page(driver, server):  # noqa: F811 - the fixtures imported above
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    yield LoopPage(driver, server)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_slitherlink_drawn_by_clicks_is_solved(page, size):
    viewport(page, *size)
    page.example("slitherlink/tatham-5x5")
    assert page.cell(1, 3).text == "0" and page.cell(4, 0).text == "2"
    assert page.cell(0, 0).size["width"] >= 24
    assert len(page.driver.find_elements(By.CSS_SELECTOR, "#board circle")) == 36  # the dots
    loop = solution("slitherlink", "tatham-5x5")
    for pair in loop:
        page.click_pair(pair, centres=False)
    assert page.drawn() == {name(pair) for pair in loop}
    assert wait(page.solved_banner).startswith("Solved!")
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= size[0]


def test_slitherlink_click_cycles_line_cross_clear_and_a_drag_is_one_step(page):
    page.example("slitherlink/tatham-5x5")
    top_left = ((0, 0), (0, 1))
    page.click_pair(top_left, centres=False)
    assert page.drawn() == {"0,0|0,1"} and not page.marked("loop-cross")
    page.click_pair(top_left, centres=False)
    assert not page.drawn() and page.marked("loop-cross") == {"0,0|0,1"}
    page.click_pair(top_left, centres=False)
    assert not page.drawn() and not page.marked("loop-cross")
    page.drag_through([(0, 0), (0, 1), (0, 2), (1, 2)], centres=False)
    assert page.drawn() == {"0,0|0,1", "0,1|0,2", "0,2|1,2"}
    page.driver.find_element(By.ID, "undo").click()
    assert not page.drawn()
    page.driver.find_element(By.ID, "redo").click()
    page.driver.refresh()  # the marks are kept in the browser
    wait(lambda: page.driver.find_element(By.CSS_SELECTOR, "body[data-ready]"))
    assert wait(page.drawn) == {"0,0|0,1", "0,1|0,2", "0,2|1,2"}


def test_slitherlink_check_finds_the_wrong_edge_and_hint_shows_one(page):
    page.example("slitherlink/tatham-5x5")
    page.click_pair(((1, 3), (1, 4)), centres=False)  # a side of r2c4's 0
    text = page.press("check", "Check: invalid")
    assert "p2.4-p2.5 is a line, where r2c4 shows 0" in text
    assert page.marked("loop-conflict") == {"1,3|1,4"}
    assert page.cells("cited") == {(1, 3)}
    page.driver.find_element(By.ID, "undo").click()
    text = page.press("hint", "Hint:")
    assert text.startswith("Hint: p2.4-p2.5 is no line by count, since r2c4 shows 0.")
    assert page.marked("loop-hint") == {"1,3|1,4"}  # an amber cross where no line goes
    page.press("apply", "Applied")
    assert page.marked("loop-cross") == {"1,3|1,4"}


def test_slitherlink_keys_mark_the_cursors_sides(page):
    page.example("slitherlink/tatham-5x5")
    page.board_keys(Keys.SHIFT, Keys.ARROW_UP, Keys.NULL)  # r1c1's top side
    assert page.drawn() == {"0,0|0,1"}
    page.board_keys(Keys.SHIFT, Keys.ARROW_UP, Keys.NULL)
    assert page.marked("loop-cross") == {"0,0|0,1"}
    page.board_keys(Keys.ARROW_RIGHT, Keys.SHIFT, Keys.ARROW_DOWN, Keys.NULL)  # r1c2's bottom
    assert page.drawn() == {"1,1|1,2"}
    page.board_keys(Keys.DELETE)  # the cursor cell's sides cleared
    assert not page.drawn() and page.marked("loop-cross") == {"0,0|0,1"}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_masyu_drawn_by_drags_is_solved(page, size):
    viewport(page, *size)
    page.example("masyu/tatham-6x6")
    pearls = page.driver.find_elements(By.CSS_SELECTOR, "#board circle.pearl")
    assert (
        sorted(e.get_attribute("class") for e in pearls)
        == ["pearl black"] * 3 + ["pearl white"] * 5
    )
    loop = solution("masyu", "tatham-6x6")
    # the loop as one walk: from a cell, always on to the neighbour not yet taken
    neighbours: dict = {}
    for a, b in loop:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    walk = [loop[0][0]]
    while len(walk) <= len(loop):
        step = next(n for n in neighbours[walk[-1]] if len(walk) < 2 or n != walk[-2])
        walk.append(step)
    page.drag_through(walk[: len(walk) // 2 + 1], centres=True)
    page.drag_through(walk[len(walk) // 2 :], centres=True)
    assert page.drawn() == {name(pair) for pair in loop}
    assert wait(page.solved_banner).startswith("Solved!")


def test_masyu_click_cycles_and_check_names_the_wrong_segment(page):
    page.example("masyu/tatham-6x6")
    segment = ((0, 0), (1, 0))  # the white pearl r2c1 at the edge needs it drawn
    page.click_pair(segment, centres=True)
    assert page.drawn() == {"0,0|1,0"}
    page.click_pair(segment, centres=True)
    assert not page.drawn() and page.marked("loop-cross") == {"0,0|1,0"}
    text = page.press("check", "Check: invalid")
    assert "r1c1-r2c1 is no line, where r2c1 is a white pearl" in text
    assert page.marked("loop-conflict") == {"0,0|1,0"}
    page.click_pair(segment, centres=True)
    assert not page.marked("loop-cross")
    text = page.press("hint", "Hint:")
    assert text.startswith("Hint: r1c1-r2c1 is a line by white at the edge")
    assert page.marked("loop-hint") == {"0,0|1,0"}


def test_solve_settle_and_explain_draw_their_edges(page):
    page.example("slitherlink/tatham-5x5")
    loop = {name(pair) for pair in solution("slitherlink", "tatham-5x5")}
    page.press("solve", "Solve: unique")
    assert page.drawn() == loop
    page.press("settle", "Solved as far as possible: 60 of 60 edges")
    assert page.drawn() == loop and len(page.marked("loop-cross")) == 60 - len(loop)
    text = page.press("explain", "Step 1:")
    assert "r2c4 shows 0" in text
    zero = {"1,3|1,4", "1,3|2,3", "1,4|2,4", "2,3|2,4"}
    assert page.marked("loop-cross") == zero and page.marked("loop-hint") == zero
    page.driver.find_element(By.ID, "explain-next").click()
    wait(lambda: page.message().startswith("Step 2:"))
    assert page.drawn() == {"1,4|1,5", "1,5|2,5", "2,4|2,5"}  # the 3 beside the 0
    page.driver.find_element(By.ID, "mine").click()  # back to the marks: none
    assert not page.drawn() and not page.marked("loop-cross")


def test_a_30x30_slitherlink_at_400_px_keeps_cells_of_24_px_scrolls_and_marks(page):
    viewport(page, 400, 800)
    page.open()
    Select(page.driver.find_element(By.ID, "genre")).select_by_value("slitherlink")
    rows = ["3" + " ." * 29] + [" ".join("." * 30)] * 28 + [" ".join("." * 29) + " 2"]
    page.driver.find_element(By.ID, "paste").send_keys("\n".join(rows))
    page.driver.find_element(By.ID, "open-text").click()
    wait(lambda: "Opened the pasted grid" in page.message())
    assert page.cell(0, 0).size["width"] >= 24
    wrap = page.driver.find_element(By.ID, "board-wrap")
    assert int(wrap.get_property("scrollWidth")) > int(wrap.get_property("clientWidth"))
    assert page.driver.execute_script("return document.documentElement.scrollWidth") <= 400
    page.click_pair(((30, 29), (30, 30)), centres=False)  # r30c30's bottom side, scrolled to
    assert page.drawn() == {"30,29|30,30"}


def test_a_finger_taps_and_drags_edges(page):
    page.example("slitherlink/tatham-5x5")

    def point(y: int, x: int) -> dict:  # grid point (y, x) in the window, CSS pixels
        left, top, size = page.driver.execute_script(
            "const box = document.querySelector('[data-cell=\"0,0\"]').getBoundingClientRect();"
            "return [box.left, box.top, box.width];"
        )
        return {"x": left + x * size, "y": top + y * size}

    def touch(kind: str, spot: dict | None) -> None:
        points = [] if spot is None else [spot]
        page.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points}
        )

    top, below = point(0, 0), point(1, 0)
    tap = {"x": top["x"], "y": (top["y"] + below["y"]) / 2}  # half way down r1c1's left side
    touch("touchStart", tap)
    touch("touchEnd", None)
    assert wait(page.drawn) == {"0,0|1,0"}
    touch("touchStart", point(2, 0))
    for spot in (point(2, 1), point(2, 2)):
        touch("touchMove", spot)
    touch("touchEnd", None)
    assert wait(lambda: page.drawn() if len(page.drawn()) == 3 else None) == {
        "0,0|1,0",
        "2,0|2,1",
        "2,1|2,2",
    }
