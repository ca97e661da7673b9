"""The web page in a real browser: headless Chromium driven by Selenium, against a real
`puzzlesolve serve` process on a free port of 127.0.0.1 (one server and one browser for
the module). Skipped, with the reason, only where Chromium or its driver is not installed
(Debian: apt-get install chromium chromium-driver)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
from conftest import ctrl_c_as_in_a_terminal

from puzzlesolve.colours import PALETTE

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
    pytest.skip(
        f"browser tests need Chromium and its driver ({CHROMIUM}, {CHROMEDRIVER}; "
        "Debian: apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

REPO = Path(__file__).resolve().parent.parent
HITORI_LINK = "https://puzz.link/p?hitori/5/5/3254523435432441335554123"  # ai-course-5x5
HITORI_SHADED = {(0, 4), (1, 1), (2, 0), (2, 3), (3, 1), (3, 4)}  # its one solution
WAIT = 30  # seconds a page may take to answer (generous: the machine may be loaded)


def start_server(*extra: str) -> tuple[subprocess.Popen, str]:
    """`puzzlesolve serve --no-browser --port 0` and the address it prints when ready."""
    with ctrl_c_as_in_a_terminal():
        server = subprocess.Popen(
            [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
    line = server.stdout.readline()
    assert line.startswith("serving at http://127.0.0.1:"), line + server.stderr.read()
    return server, line.split()[-1]


@pytest.fixture(scope="module")
def server():
    process, address = start_server()
    yield address
    process.terminate()
    process.wait(30)


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1100,900",
    ):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield browser
    browser.quit()


def wait(condition, seconds: float = WAIT):
    """The first true value of `condition()` (elements may be drawn anew meanwhile)."""
    end = time.monotonic() + seconds
    while True:
        try:
            found = condition()
        except Exception:  # noqa: BLE001 - a cell drawn anew while read: read again
            found = None
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError("the page did not get there in time")
        time.sleep(0.05)


class Page:
    def __init__(self, driver, address: str):
        self.driver, self.address = driver, address

    def open(self, query: str = "") -> None:
        self.driver.get(self.address + query)
        wait(lambda: self.driver.find_element(By.CSS_SELECTOR, "body[data-ready]"))

    def example(self, value: str) -> None:
        self.open()
        Select(self.driver.find_element(By.ID, "example")).select_by_value(value)
        self.driver.find_element(By.ID, "open-example").click()
        wait(lambda: "Opened the example" in self.message())

    def cell(self, r: int, c: int):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-cell="{r},{c}"]')

    def click(self, r: int, c: int) -> None:
        """Click a cell (found again if the board was drawn anew between finding and clicking,
        as an autocheck's answer may do)."""
        for _ in range(10):
            try:
                self.cell(r, c).click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"cell {r},{c} kept being drawn anew")

    def cells(self, css_class: str) -> set[tuple[int, int]]:
        found = self.driver.find_elements(By.CSS_SELECTOR, f"#board .cell.{css_class}")
        return {tuple(map(int, e.get_attribute("data-cell").split(","))) for e in found}

    def message(self) -> str:
        return self.driver.find_element(By.ID, "message").text

    def press(self, button: str, then: str) -> str:
        """Click a button and wait for the message that starts with `then` (a new one: the
        message shown before is cleared first)."""
        self.driver.execute_script("document.getElementById('message').textContent = ''")
        self.driver.find_element(By.ID, button).click()
        return wait(lambda: self.message() if self.message().startswith(then) else None)

    def board_keys(self, *keys: str) -> None:
        self.driver.find_element(By.ID, "board").send_keys(*keys)

    def drag(self, *cells: tuple[int, int]) -> None:
        board = self.driver.find_element(By.ID, "board")
        width, height = board.size["width"], board.size["height"]
        size = self.cell(0, 0).size["width"]

        def at(r: int, c: int) -> tuple[int, int]:  # offsets from the board's centre
            return round((c + 0.5) * size - width / 2), round((r + 0.5) * size - height / 2)

        actions = ActionChains(self.driver).move_to_element_with_offset(board, *at(*cells[0]))
        actions.click_and_hold()
        for cell in cells[1:]:
            actions.move_to_element_with_offset(board, *at(*cell))
        actions.release().perform()

    def clear_marks(self) -> None:
        """Clear marks, saying yes when the page asks."""
        self.driver.find_element(By.ID, "clear").click()
        self.driver.switch_to.alert.accept()

    def conflict_segments(self) -> set[str]:
        found = self.driver.find_elements(By.CSS_SELECTOR, "#board line.conflict-segment")
        return {e.get_attribute("data-segment") for e in found}

    def segments(self) -> dict[str, str]:
        lines = self.driver.find_elements(
            By.CSS_SELECTOR, "#board line.segment:not(.conflict-segment)"
        )
        return {e.get_attribute("data-segment"): e.get_attribute("stroke") for e in lines}


@pytest.fixture
def page(driver, server):
    """The page, with nothing kept in the browser from an earlier test (marks, timer)."""
    driver.get(server + "static/style.css")  # the page's origin, without the page
    driver.execute_script("localStorage.clear()")
    return Page(driver, server)


def test_hitori_link_clicks_and_check_shows_the_conflict(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    assert page.cell(4, 4).text == "3" and page.cell(0, 2).text == "5"
    page.cell(0, 0).click()
    page.cell(0, 1).click()
    assert page.cells("shaded") == {(0, 0), (0, 1)}
    page.cell(0, 1).click()  # second click: unshaded (ringed)
    assert page.cells("shaded") == {(0, 0)} and page.cells("unshaded") == {(0, 1)}
    page.cell(0, 1).click()  # third click: back to shaded through clear, then shade
    page.cell(0, 1).click()
    assert page.cells("shaded") == {(0, 0), (0, 1)}
    text = page.press("check", "Check: invalid")
    assert text == (
        "Check: invalid. Rule 2 (shaded cells never share an edge): r1c1 and r1c2 are shaded"
    )
    assert page.cells("conflict") == {(0, 0), (0, 1)}


def test_check_leads_with_the_mark_a_technique_refutes_from_the_givens(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    page.cell(0, 3).click()  # r1c4 shaded, between the two 5s of the top row
    text = page.press("check", "Check: invalid")
    assert text.startswith(
        "Check: invalid. First: r1c4 cannot be shaded: r1c4 is unshaded by sandwich, since "
        "r1c3 and r1c5 show 5. Rules 1 (no number appears unshaded twice"
    ), text
    assert page.cells("hint") == {(0, 3)}


def test_hint_on_a_wrong_mark_leads_with_it_as_check_does(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    page.cell(0, 3).click()
    text = page.press("hint", "Hint: no solution keeps these marks")
    assert text.startswith(
        "Hint: no solution keeps these marks. First: r1c4 cannot be shaded: r1c4 is unshaded "
        "by sandwich, since r1c3 and r1c5 show 5. Rules 1 (no number appears unshaded twice"
    ), text
    assert page.cells("hint") == {(0, 3)} and page.cells("conflict") == {(0, 3)}


def test_hint_highlights_a_cell_the_solution_agrees_with_and_apply_fills_it(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    page.cell(0, 4).click()
    page.press("hint", "Hint:")
    hinted = page.cells("hint")
    assert hinted and page.cells("cited")
    page.press("apply", "Applied")
    shaded, unshaded = page.cells("shaded"), page.cells("unshaded")
    assert hinted <= shaded | unshaded
    assert all((cell in HITORI_SHADED) == (cell in shaded) for cell in hinted)
    page.press("check", "Check: no mistake so far")
    page.driver.find_element(By.ID, "undo").click()  # undo takes the applied cells back
    assert page.cells("shaded") | page.cells("unshaded") == {(0, 4)}


def test_keyboard_marks_and_undo_redo(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    page.board_keys(Keys.ARROW_RIGHT, Keys.ARROW_DOWN, " ")
    assert page.cells("shaded") == {(1, 1)}
    page.board_keys("o")
    assert page.cells("unshaded") == {(1, 1)}
    page.board_keys(Keys.CONTROL + "z")
    assert page.cells("shaded") == {(1, 1)} and not page.cells("unshaded")
    page.board_keys(Keys.CONTROL + "y")
    assert page.cells("unshaded") == {(1, 1)}


def test_explain_steps_forward_and_back_on_the_board(page):
    page.example("hitori/ai-course-5x5")
    first = page.press("explain", "Step 1:")
    # a step of a technique alone ends as its sentence does (no rule to quote, no "()")
    assert first == "Step 1: r1c4 is unshaded by sandwich, since r1c3 and r1c5 show 5."
    count = page.driver.find_element(By.ID, "step-count")
    total = int(count.text.split()[-1])
    assert total > 2 and page.cells("hint")
    decided_first = len(page.cells("shaded") | page.cells("unshaded"))
    page.press("explain-next", "Step 2:")
    page.press("explain-next", "Step 3:")
    assert count.text == f"Step 3 of {total}" and page.cells("hint")
    assert len(page.cells("shaded") | page.cells("unshaded")) > decided_first
    page.press("explain-prev", "Step 2:")
    for _ in range(total - 2):
        page.driver.find_element(By.ID, "explain-next").click()
    wait(lambda: count.text == f"Step {total} of {total}")
    assert page.cells("shaded") == HITORI_SHADED  # the last step completes the solution


def test_numberlink_drag_draws_a_line_in_its_colour(page):
    page.example("numberlink/copris-5x5")
    page.drag((0, 0), (0, 1), (0, 2))
    first = PALETTE[0]  # label 1's colour, as the pictures draw it
    assert page.segments() == {"0,0|0,1": first, "0,1|0,2": first}
    page.drag((0, 2), (0, 1))  # back over a segment: erases it
    assert page.segments() == {"0,0|0,1": first}
    page.press("check", "Check: no mistake so far")


def test_numberlink_a_line_joining_two_numbers_is_told_apart_and_invalid(page):
    page.example("numberlink/copris-5x5")  # 1 in the top left corner, 2 in the top right
    page.drag((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    joining = page.driver.find_elements(By.CSS_SELECTOR, "#board line.joins-two")
    assert [e.get_attribute("data-segment") for e in joining] == ["0,2|0,3"]
    text = page.press("check", "Check:")
    assert text.startswith("Check: invalid. Rule 1 (the two endpoints"), text
    assert page.conflict_segments() == {"0,0|0,1", "0,1|0,2", "0,2|0,3", "0,3|0,4"}


def test_numberlink_check_judges_the_lines_drawn_a_loop_and_a_branch(page):
    page.example("numberlink/copris-5x5")
    page.drag((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))  # line 1, right
    page.drag((2, 1), (2, 2), (3, 2), (3, 1), (2, 1))  # a stray loop: once "no mistake"
    text = page.press("check", "Check:")
    assert text.startswith("Check: invalid. Rules 2 (lines never branch"), text
    assert text.endswith("segments r3c2-r3c3, r3c2-r4c2, r3c3-r4c3 and r4c2-r4c3 are drawn")
    # the loop's segments alone are banded red: not line 1's, and no cell is framed
    assert page.conflict_segments() == {"2,1|2,2", "2,1|3,1", "2,2|3,2", "3,1|3,2"}
    assert not page.cells("conflict")
    page.clear_marks()
    page.drag((0, 1), (0, 0), (1, 0))  # out of the endpoint r1c1 both ways: once "no mistake"
    page.press("check", "Check: invalid")
    assert page.conflict_segments() == {"0,0|0,1", "0,0|1,0"}
    text = page.press("hint", "Hint:")
    assert text.startswith("Hint: no solution keeps these marks."), text
    page.clear_marks()
    page.drag((0, 0), (0, 1), (0, 2))  # right so far
    page.press("check", "Check: no mistake so far")
    assert not page.conflict_segments()


def test_numberlink_hint_draws_its_segment_and_the_next_hint_moves_on(page):
    page.example("numberlink/copris-5x5")  # 1 in the top left corner: it goes on to r1c2
    text = page.press("hint", "Hint:")
    assert text.startswith("Hint: r1c1-r1c2 is drawn by only exit"), text
    assert page.cells("hint") == {(0, 0), (0, 1)} and not page.segments()
    page.press("apply", "Applied")
    assert page.segments() == {"0,0|0,1": PALETTE[0]}  # drawn, in line 1's colour
    assert not page.press("hint", "Hint:").startswith("Hint: r1c1-r1c2")


def test_numberlink_explanation_draws_the_segments_its_steps_decide(page):
    page.example("numberlink/copris-5x5")
    # endpoints of different lines side by side are not joined: small crosses where they
    # would be
    page.press("explain", "Step 1: r1c1-r2c1, r2c1-r2c2 and r2c2-r2c3 are not drawn")
    crosses = page.driver.find_elements(By.CSS_SELECTOR, "#board path.off-segment")
    assert [e.get_attribute("data-segment") for e in crosses] == ["0,0|1,0", "1,0|1,1", "1,1|1,2"]
    assert not page.segments()
    page.press("explain-next", "Step 2: r1c1-r1c2 is drawn by only exit")
    assert page.segments() == {"0,0|0,1": PALETTE[0]}  # drawn, in line 1's colour
    page.press("explain-next", "Step 3: r2c1-r3c1 is drawn")
    assert set(page.segments()) == {"0,0|0,1", "1,0|2,0"}


def test_hidato_typing_fills_a_number(page):
    page.example("hidato/small-5x5")
    page.cell(0, 1).click()
    page.board_keys("1", "4")
    assert page.cell(0, 1).text == "14" and page.cells("filled") == {(0, 1)}
    page.press("check", "Check: no mistake so far")  # the solution has 14 there
    page.board_keys(Keys.BACKSPACE)
    assert page.cell(0, 1).text == "1"
    page.board_keys("6")
    assert page.cell(0, 1).text == "16"
    page.press("check", "Check: invalid")
    assert (0, 1) in page.cells("conflict")


def test_a_cell_marked_unshaded_is_circled_in_hitori_and_dotted_in_nurikabe(page):
    page.example("hitori/ai-course-5x5")
    page.cell(0, 1).click()
    page.cell(0, 1).click()  # second click: unshaded
    marked = page.cell(0, 1)
    assert marked.find_elements(By.CSS_SELECTOR, ".ring") and not marked.find_elements(
        By.CSS_SELECTOR, ".dot"
    )
    page.example("nurikabe/pzprjs-5x5")
    for cell in ((0, 0), (0, 1)):  # a blank cell and a number
        page.cell(*cell).click()
        page.cell(*cell).click()
    # a number stays unshaded (rule 1): clicks and keys leave it unmarked, and say why
    assert page.cells("unshaded") == {(0, 0)} and not page.cells("shaded")
    assert page.message() == "r1c2 shows a number: it stays unshaded."
    page.board_keys("#")  # the cursor is on r1c2, clicked last
    assert not page.cells("shaded")
    blank, number = page.cell(0, 0), page.cell(0, 1)
    assert blank.find_elements(By.CSS_SELECTOR, ".dot") and not blank.find_elements(
        By.CSS_SELECTOR, ".ring"
    )
    assert not number.find_elements(By.CSS_SELECTOR, ".dot, .ring")  # a number is white already


def test_solve_shows_the_badge_and_flips_between_two_solutions(page):
    page.example("numbrix/several-2x2")
    page.press("solve", "Solve: multiple solutions")
    assert page.driver.find_element(By.ID, "badge").text == "multiple solutions"
    assert page.cells("differ") == {(0, 1), (1, 0)}
    first = page.cell(0, 1).text
    page.driver.find_element(By.ID, "flip").click()
    wait(lambda: page.cell(0, 1).text not in ("", first))
    assert {first, page.cell(0, 1).text} == {"2", "4"} and page.cell(1, 1).text == "3"


def test_autocheck_shows_a_conflict_without_asking(page):
    page.open("?link=" + urllib.parse.quote(HITORI_LINK, safe=""))
    page.driver.find_element(By.ID, "autocheck").click()
    page.click(2, 2)
    page.click(2, 1)
    wait(lambda: page.cells("conflict") == {(2, 1), (2, 2)})
    assert page.message().startswith("Check: invalid")


def test_long_work_shows_progress_and_stops(page):
    page.example("hidato/generated-16x16")  # explaining it step by step takes minutes
    page.driver.find_element(By.ID, "explain").click()
    busy = page.driver.find_element(By.ID, "busy")
    wait(lambda: busy.is_displayed() and "Explaining" in busy.text)
    page.press("stop", "Stopped")
    assert not busy.is_displayed()
    page.press("solve", "Solve: unique")  # the server goes on


def test_ctrl_c_stops_the_server_with_status_130():
    process, address = start_server()
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err == "puzzlesolve: server stopped\n"
    assert address.startswith("http://127.0.0.1:")


def test_an_examples_options_line_ticks_its_boxes(page):
    page.example("numberlink/self-touch-4x5")  # "% options: fill no_self_touch"
    boxes = {
        name: page.driver.find_element(By.ID, f"option-{name}").is_selected()
        for name in ("fill", "no_self_touch")
    }
    assert boxes == {"fill": True, "no_self_touch": True}
    assert "self-touch-4x5.txt has '% options: fill no_self_touch'" in page.message()
    page.press("solve", "Solve: unique")
    page.driver.find_element(By.ID, "option-no_self_touch").click()  # unticked: --self-touch
    page.press("solve", "Solve: multiple solutions")


def test_the_link_box_takes_a_link_without_its_scheme(page):
    page.open()
    box = page.driver.find_element(By.ID, "link")
    box.send_keys(HITORI_LINK.removeprefix("https://"), Keys.ENTER)  # as the CLI takes it
    wait(lambda: page.message().startswith("Opened the link"))
    assert page.cell(4, 4).text == "3"


def test_a_shaded_nurikabe_number_cannot_be_marked_and_its_conflict_is_its_own(page):
    page.example("nurikabe/pzprjs-5x5")
    page.click(1, 1)
    page.click(1, 2)  # the 2: not shaded
    assert page.cells("shaded") == {(1, 1)}
    page.press("check", "Check: no mistake so far")


# ---------------------------------------------------------------- play comfort


def shade(page, cells) -> None:
    for cell in cells:
        page.click(*cell)


def test_solving_by_marks_says_solved_stops_the_timer_and_hint_says_so(page):
    page.example("hitori/ai-course-5x5")
    timer = page.driver.find_element(By.ID, "timer")
    assert timer.get_attribute("data-running") == "true"
    solved = page.driver.find_element(By.ID, "solved")
    shade(page, sorted(HITORI_SHADED)[:-1])
    assert not solved.is_displayed()
    shade(page, sorted(HITORI_SHADED)[-1:])  # the last one: the marks are the solution
    wait(solved.is_displayed)
    assert solved.text.startswith("Solved! in ")
    assert timer.get_attribute("data-running") == "false"
    page.press("hint", "Hint: nothing left to do, the marks solve the puzzle.")
    page.click(4, 4)  # a wrong mark: no longer solved, the timer goes on
    wait(lambda: not solved.is_displayed())
    assert timer.get_attribute("data-running") == "true"


def test_drawing_every_numberlink_line_says_solved(page):
    page.example("numberlink/copris-5x5")
    solved = page.driver.find_element(By.ID, "solved")
    page.drag((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))
    page.drag((0, 4), (1, 4), (2, 4), (3, 4), (3, 3), (3, 2), (2, 2), (1, 2))
    page.drag((1, 0), (2, 0), (3, 0), (4, 0))
    page.drag((1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3))
    assert not solved.is_displayed()
    page.drag((4, 3), (4, 4))  # the last segment
    wait(solved.is_displayed)
    page.press("check", "Check: solved. Every rule holds.")


def test_the_timer_pauses_and_hides(page):
    page.example("hitori/ai-course-5x5")
    timer = page.driver.find_element(By.ID, "timer")
    page.driver.find_element(By.ID, "pause").click()
    assert timer.get_attribute("data-running") == "false"
    assert page.driver.find_element(By.ID, "pause").text == "Resume"
    assert "paused" in page.driver.find_element(By.ID, "board-wrap").get_attribute("class")
    page.driver.find_element(By.ID, "pause").click()
    assert timer.get_attribute("data-running") == "true"
    page.driver.find_element(By.ID, "hide-timer").click()
    assert not timer.is_displayed()
    page.open()  # hidden it stays, until shown again
    assert not page.driver.find_element(By.ID, "timer").is_displayed()
    page.driver.find_element(By.ID, "hide-timer").click()
    assert page.driver.find_element(By.ID, "timer").is_displayed()


def test_marks_are_kept_per_puzzle_and_clear_asks_first(page):
    page.example("hitori/ai-course-5x5")
    shade(page, [(0, 4), (1, 1)])
    page.driver.refresh()  # the address names the example: it opens again, marks and all
    wait(lambda: "Your marks from last time are back" in page.message())
    assert page.cells("shaded") == {(0, 4), (1, 1)}
    page.example("nurikabe/pzprjs-5x5")  # another puzzle: its own marks (none)
    assert not page.cells("shaded")
    page.example("hitori/ai-course-5x5")
    assert page.cells("shaded") == {(0, 4), (1, 1)}
    page.driver.find_element(By.ID, "clear").click()
    alert = page.driver.switch_to.alert
    assert alert.text == "Clear all 2 of your marks on this puzzle? (Undo brings them back.)"
    alert.dismiss()
    assert page.cells("shaded") == {(0, 4), (1, 1)}
    page.driver.find_element(By.ID, "clear").click()
    page.driver.switch_to.alert.accept()
    assert not page.cells("shaded")
    page.driver.find_element(By.ID, "undo").click()
    assert page.cells("shaded") == {(0, 4), (1, 1)}


def test_a_drag_is_one_undo_step_and_undo_redo_are_disabled_with_nothing_to_do(page):
    page.example("numberlink/copris-5x5")
    undo, redo = (page.driver.find_element(By.ID, name) for name in ("undo", "redo"))
    assert not undo.is_enabled() and not redo.is_enabled()
    page.drag((0, 0), (0, 1), (0, 2), (0, 3))
    assert len(page.segments()) == 3 and undo.is_enabled() and not redo.is_enabled()
    undo.click()  # the whole drag at once
    assert not page.segments() and not undo.is_enabled() and redo.is_enabled()
    redo.click()
    assert len(page.segments()) == 3 and not redo.is_enabled()
    page.example("hidato/small-5x5")
    page.cell(0, 1).click()
    page.board_keys("1", "4")  # one number typed: one undo step
    assert page.cell(0, 1).text == "14"
    page.driver.find_element(By.ID, "undo").click()
    assert page.cell(0, 1).text == ""


# ---------------------------------------------------------------- boards that fit


def viewport(page, width: int, height: int) -> None:
    """The window's inside at exactly this size (a phone's below 600 px wide)."""
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


@pytest.fixture
def sized(page):
    yield page
    page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def in_sight(page, element_id: str) -> bool:
    return page.driver.execute_script(
        "const box = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;",
        element_id,
    )


def test_the_solvers_words_stay_beside_a_20x20_board_at_1280x900(sized):
    viewport(sized, 1280, 900)
    sized.example("nurikabe/generated-20x20")
    sized.press("check", "Check: no mistake so far")
    assert sized.driver.execute_script("return window.scrollY") == 0
    assert in_sight(sized, "message") and in_sight(sized, "board")  # all of the board too
    message = sized.driver.find_element(By.ID, "message").rect
    board = sized.driver.find_element(By.ID, "board").rect
    assert message["x"] > board["x"] + board["width"]  # beside it


def test_a_30x30_board_at_400_px_keeps_cells_of_24_px_and_scrolls(sized):
    viewport(sized, 400, 800)
    sized.example("nurikabe/generated-30x30")
    assert sized.cell(0, 0).size["width"] >= 24
    wrap = sized.driver.find_element(By.ID, "board-wrap")
    assert int(wrap.get_property("scrollWidth")) > int(wrap.get_property("clientWidth"))
    sized.press("check", "Check: no mistake so far")
    assert in_sight(sized, "message")  # held at the bottom of the window, under the board
    assert sized.driver.execute_script("return document.documentElement.scrollWidth") <= 400


def test_three_digit_numbers_and_the_hint_tag_are_legible(sized):
    viewport(sized, 1280, 900)
    sized.example("hidato/generated-16x16")
    for r, c in ((0, 0), (0, 5), (0, 6)):  # 160, 139, 140 side by side
        cell = sized.cell(r, c)
        assert len(cell.text) == 3 and "long" in cell.get_attribute("class")
        number = cell.find_element(By.CSS_SELECTOR, ".v")
        assert number.size["width"] <= cell.size["width"] - 4, (r, c)
    sized.example("hitori/ai-course-5x5")
    sized.press("hint", "Hint:")
    [hinted] = sized.driver.find_elements(By.CSS_SELECTOR, "#board .cell.hint")
    tag = sized.driver.execute_script(
        "const tag = getComputedStyle(arguments[0], '::before');"
        "return [tag.content, parseFloat(tag.fontSize)];",
        hinted,
    )
    assert tag[0] == '"?"' and tag[1] >= 11


def test_buttons_that_cannot_work_are_disabled(page):
    page.open()
    ids = ("check", "hint", "explain", "solve", "settle", "svg", "copy-link", "undo", "redo")
    assert not any(page.driver.find_element(By.ID, name).is_enabled() for name in ids)
    page.example("numbrix/holes-6x6")  # no link form
    link = page.driver.find_element(By.ID, "copy-link")
    assert not link.is_enabled() and link.get_attribute("title") == (
        "numbrix puzzles have no link form"
    )
    assert page.driver.find_element(By.ID, "check").is_enabled()
    page.example("hidato/small-5x5")
    assert page.driver.find_element(By.ID, "copy-link").is_enabled()


def test_explain_ended_by_the_time_limit_keeps_the_steps_found(driver):
    process, address = start_server("--time-limit", "3")
    try:
        page = Page(driver, address)
        page.open("?example=hidato/generated-16x16")  # its explanation: seconds more
        text = page.press("explain", "Explain:")
        assert text.startswith("Explain: the time limit ended the explanation after "), text
        assert "Stopped: stopped" not in text
    finally:
        process.terminate()
        process.wait(30)


# ---------------------------------------------------------------- keyboard and screen readers


def label(page, r: int, c: int) -> str:
    return page.cell(r, c).get_attribute("aria-label")


def test_each_cell_is_named_for_a_screen_reader(page):
    page.example("hitori/ai-course-5x5")
    assert page.driver.find_element(By.ID, "board").get_attribute("role") == "grid"
    assert page.cell(0, 0).get_attribute("role") == "gridcell"
    page.click(1, 1)
    page.click(1, 2)
    assert label(page, 1, 1) == "r2c2, 3, shaded"
    assert label(page, 0, 0) == "r1c1, 3, not marked"
    page.press("check", "Check: invalid")
    assert label(page, 1, 2) == "r2c3, 4, shaded, conflict"
    page.example("numberlink/copris-5x5")
    page.drag((0, 0), (0, 1), (0, 2), (0, 3), (1, 3))
    assert label(page, 0, 0) == "r1c1, end of line 1, goes right"
    assert label(page, 0, 1) == "r1c2, line 1, goes left and right"
    assert label(page, 0, 3) == "r1c4, line 1, goes down and left"
    assert label(page, 4, 2) == "r5c3, empty"
    page.example("hidato/small-5x5")
    page.cell(0, 1).click()
    page.board_keys("1", "4")
    assert label(page, 0, 1) == "r1c2, 14"
    assert label(page, 0, 0).endswith(", given")


def test_the_keyboard_cursor_is_visible_and_keys_check_and_hint(page):
    page.example("hitori/ai-course-5x5")
    board = page.driver.find_element(By.ID, "board")
    page.board_keys(Keys.ARROW_RIGHT)
    assert board.get_attribute("aria-activedescendant") == "cell-0-1"
    outline = page.driver.execute_script(
        "const style = getComputedStyle(arguments[0]);"
        "return [style.outlineStyle, style.outlineWidth];",
        board,
    )
    assert outline == ["solid", "3px"]
    cursor = page.driver.execute_script(
        "return getComputedStyle(arguments[0], '::after').borderTopWidth;", page.cell(0, 1)
    )
    assert cursor == "3px"
    page.board_keys(" ")
    page.board_keys("c")
    wait(lambda: page.message().startswith("Check:"))
    page.board_keys("h")
    wait(lambda: page.message().startswith("Hint:"))
    keys = page.driver.find_element(By.ID, "keys")
    keys.find_element(By.TAG_NAME, "summary").click()
    assert "c checks, h asks for a hint" in keys.text


def test_numbers_are_typed_by_finger_on_the_number_pad(page):
    page.example("hitori/ai-course-5x5")
    assert not page.driver.find_element(By.ID, "pad").is_displayed()  # taps shade there
    page.example("hidato/small-5x5")
    page.click(0, 1)
    for digit in "14":
        page.driver.find_element(By.CSS_SELECTOR, f'#pad [data-digit="{digit}"]').click()
    assert page.cell(0, 1).text == "14"
    page.driver.find_element(By.ID, "pad-back").click()
    assert page.cell(0, 1).text == "1"


def test_explain_shows_steps_as_found_and_keeps_them_when_stopped(page):
    page.example("nurikabe/generated-20x20")  # minutes to explain, first steps in seconds
    page.driver.find_element(By.ID, "explain").click()
    wait(lambda: page.message().startswith("Explaining: "), 120)
    assert " found so far. The latest: " in page.message()
    text = page.press("stop", "Explain: the explanation was stopped after ")
    assert "; here they are. Step 1: " in text
    count = page.driver.find_element(By.ID, "step-count")
    assert count.is_displayed() and count.text.startswith("Step 1 of ")
    assert page.cells("hint")  # the first step's cells, on the board


INTERFACE = [
    "how",
    "render",
    "answer",
    "picture",
    "pointerDown",
    "pointerMove",
    "pointerUp",
    "cancel",
    "cursorMoved",
    "key",
    "apply",
    "highlight",
    "conflict",
    "solution",
    "settled",
]


def test_every_board_kind_is_one_module_of_one_interface(page):
    """The page's board kinds are modules (static/kinds/), each with the whole interface, one
    for every kind the server reads marks of and every genre's draw module names."""
    from puzzlesolve.genres import GENRES
    from puzzlesolve.serve.marks import READERS

    page.open()
    found = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/static/kinds/index.js').then(({KINDS, MODULES}) => done({"
        "  kinds: Object.keys(KINDS).sort(),"
        "  modules: MODULES.map((m) => m.kinds),"
        "  missing: MODULES.map((m) => arguments[0].filter((name) => !(name in m))),"
        "}));",
        INTERFACE,
    )
    assert found["kinds"] == sorted(READERS)
    assert found["modules"] == [
        ["shade"],
        ["stars"],
        ["numbers"],
        ["lines"],
        ["edges", "segments"],
        ["lights"],
        ["shadeloop"],
        ["tents"],
    ]
    assert found["missing"] == [[], [], [], [], [], [], [], []]
    pages = {g.feature("draw").PAGE for g in GENRES.values() if g.has("draw")}
    assert pages <= set(found["kinds"])


def test_pencil_marks_are_typed_in_numeric_order_and_checked(page):
    page.example("hidato/small-5x5")
    page.cell(0, 1).click()
    page.board_keys("p", "1", "6", Keys.ENTER, "3", Keys.ENTER)  # 25 cells: 3 takes no digit more
    pencilled = page.cell(0, 1).find_element(By.CSS_SELECTOR, ".candidates")
    assert pencilled.text == "3 16" and page.cells("pencil") == {(0, 1)}
    page.press("check", "Check: invalid.")  # the solution has 14 there
    assert page.message() == (
        "Check: invalid. The pencil marks r1c2 3 or 16: no solution with the numbers written "
        "holds any of them there"
    )
    assert page.cells("conflict") == {(0, 1)}
    page.board_keys("1", "4", Keys.ENTER)
    assert page.cell(0, 1).text == "3 14 16"
    page.press("check", "Check: no mistake so far")
    page.board_keys(Keys.BACKSPACE)  # the last pencil mark goes
    assert page.cell(0, 1).text == "3 14"
    page.board_keys("p", "1", "4")  # pencil off: a number again
    assert page.cell(0, 1).text == "14" and page.cells("pencil") == set()


def test_a_hint_that_rules_numbers_out_is_applied_as_pencil_marks_and_not_repeated(page):
    page.example("numbrix/generated-12x12")
    said = []
    for _ in range(4):
        said.append(page.press("hint", "Hint:"))
        page.driver.find_element(By.ID, "apply").click()
        wait(lambda: page.message() == "Applied the hint.")
    assert said[0] == (
        "Hint: r1c1 cannot hold 23, 25 or 129 by two neighbours, since r2c1 holds 20."
    )
    assert len(set(said)) == 4  # each hint a new step
    assert page.cell(0, 0).text == "19 21"  # the numbers r1c1 may still hold
    page.press("check", "Check: no mistake so far")


def touch(page, kind: str, *points: tuple[float, float]) -> None:
    """A touch event (CDP) with fingers at these page positions."""
    page.driver.execute_cdp_cmd(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
        },
    )


def centre(page, r: int, c: int) -> tuple[float, float]:
    box = page.driver.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2];",
        page.cell(r, c),
    )
    return box[0], box[1]


@pytest.mark.parametrize("example", ["numberlink/copris-5x5", "hitori/ai-course-5x5"])
def test_two_fingers_zoom_and_pan_without_writing_a_mark(sized, example):
    viewport(sized, 400, 800)
    sized.driver.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
    )
    try:
        sized.example(example)
        a, b, c = centre(sized, 0, 0), centre(sized, 0, 1), centre(sized, 1, 1)
        touch(sized, "touchStart", a)
        touch(sized, "touchMove", b)  # one finger: a Numberlink line begins
        touch(sized, "touchStart", b, c)  # a second finger: a pinch, not a line
        touch(sized, "touchMove", (b[0] - 20, b[1]), (c[0] + 20, c[1] + 20))
        touch(sized, "touchEnd")
        time.sleep(0.3)
        assert sized.segments() == {} and sized.cells("shaded") == set()
        assert sized.driver.find_element(By.ID, "undo").get_attribute("disabled") is not None
        touch(sized, "touchStart", a)  # then one finger marks again as before
        touch(sized, "touchMove", b) if example.startswith("numberlink") else None
        touch(sized, "touchEnd")
        wait(lambda: sized.segments() or sized.cells("shaded"))
    finally:
        sized.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_a_15x15_board_fits_a_400_px_screen_with_24_px_cells(sized):
    viewport(sized, 400, 800)
    sized.open()
    grid = "\n".join(" ".join(str((r * 7 + c * 3) % 15 + 1) for c in range(15)) for r in range(15))
    Select(sized.driver.find_element(By.ID, "genre")).select_by_value("hitori")
    sized.driver.find_element(By.ID, "paste").send_keys(grid)
    sized.driver.find_element(By.ID, "open-text").click()
    wait(lambda: "Opened the pasted grid" in sized.message())
    assert sized.cell(0, 0).size["width"] >= 24
    wrap = sized.driver.find_element(By.ID, "board-wrap")
    assert int(wrap.get_property("scrollWidth")) <= int(wrap.get_property("clientWidth"))
    assert sized.driver.execute_script("return document.documentElement.scrollWidth") <= 400


def test_a_highlight_never_hides_a_number_at_24_px(sized):
    viewport(sized, 400, 800)
    sized.example("hidato/small-5x5")
    sized.driver.execute_script(
        "document.querySelector('#board').style.setProperty('--size', '24px')"
    )
    sized.cell(0, 1).click()
    sized.board_keys("1", "1")
    sized.press("check", "Check: invalid")  # 11 is wrong there: a conflict's "!" tag
    cell = sized.cell(0, 1)
    assert "conflict" in cell.get_attribute("class") and cell.text == "11"
    number, tag = sized.driver.execute_script(
        "const v = arguments[0].querySelector('.v');"
        "return [getComputedStyle(v).zIndex, getComputedStyle(arguments[0], '::before').zIndex];",
        cell,
    )
    assert int(number) > int(tag)  # the number is drawn over the tag, whole


def _rgb(colour: str) -> tuple[float, ...]:
    inside = colour[colour.index("(") + 1 : colour.index(")")]
    return tuple(float(part) for part in inside.replace("/", ",").split(",")[:3])


def _contrast(a: str, b: str) -> float:
    def luminance(colour: str) -> float:
        channels = [v / 255 for v in _rgb(colour)]
        linear = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


BACKGROUND = (  # the colour behind an element: its own, else its nearest ancestor's
    "let e = arguments[0];"
    "while (e) { const b = getComputedStyle(e).backgroundColor;"
    "  if (b && b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return b; e = e.parentElement; }"
    "return 'rgb(255, 255, 255)';"
)


@pytest.mark.parametrize(
    "example",
    [
        "hitori/ai-course-5x5",
        "nurikabe/generated-10x10",
        "hidato/small-5x5",
        "numbrix/small-5x5",
        "numberlink/copris-5x5",
        "slitherlink/tatham-5x5",
        "masyu/tatham-6x6",
    ],
)
def test_the_dark_theme_follows_the_system_and_every_genre_is_legible(sized, example):
    driver = sized.driver
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
    )
    try:
        sized.example(example)
        page = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert _contrast(page, "rgb(0, 0, 0)") < 1.3  # dark
        message = driver.find_element(By.ID, "message")
        assert (
            _contrast(
                message.value_of_css_property("color"), driver.execute_script(BACKGROUND, message)
            )
            >= 7
        )
        for number in driver.find_elements(By.CSS_SELECTOR, "#board .cell .v")[:20]:
            ink = number.value_of_css_property("color")
            assert _contrast(ink, driver.execute_script(BACKGROUND, number)) >= 4.5, example
        board = driver.execute_script(BACKGROUND, driver.find_element(By.ID, "board"))
        for mark in driver.find_elements(By.CSS_SELECTOR, "#board circle.dot, #board circle.pearl")[
            :10
        ]:
            fill, stroke = (
                driver.execute_script(f"return getComputedStyle(arguments[0]).{p}", mark)
                for p in ("fill", "stroke")
            )
            assert (
                max(_contrast(fill, board), _contrast(stroke, board) if stroke != "none" else 0)
                >= 3
            )
        sized.press("hint", "Hint:")
        for hinted in driver.find_elements(By.CSS_SELECTOR, "#board .cell.hint .v"):
            assert (
                _contrast(
                    hinted.value_of_css_property("color"), driver.execute_script(BACKGROUND, hinted)
                )
                >= 4.5
            )
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_undo_that_unsolves_takes_solved_away_whatever_answers_late(page):
    page.example("hitori/ai-course-5x5")
    solved = page.driver.find_element(By.ID, "solved")
    shade(page, sorted(HITORI_SHADED))
    wait(solved.is_displayed)
    # the check's answer (about the solved marks) reaches the page 1.5 s late: after Undo
    page.driver.execute_script(
        "const real = window.fetch;"
        "window.fetch = async (url, options) => { const answer = await real(url, options);"
        "  if (String(url).endsWith('/api/check')) await new Promise((r) => setTimeout(r, 1500));"
        "  return answer; };"
    )
    page.driver.find_element(By.ID, "check").click()
    page.driver.find_element(By.ID, "undo").click()  # the last shading taken back
    wait(lambda: not solved.is_displayed(), 5)
    time.sleep(2)  # the check has answered by now: about marks that are no longer there
    assert not solved.is_displayed()
    assert page.driver.find_element(By.ID, "timer").get_attribute("data-running") == "true"
    page.driver.find_element(By.ID, "redo").click()
    wait(solved.is_displayed, 5)


def test_a_number_beyond_the_board_is_refused_and_said(page):
    page.example("hidato/generated-16x16")  # 256 cells
    page.cell(0, 1).click()
    page.board_keys("9", "9", "9")
    assert page.cell(0, 1).text == "99"  # kept: 999 is no number of this board
    assert page.message() == "999 is more than 256, the largest number here."


def test_the_page_says_its_limits_and_a_request_stopped_by_memory(driver):
    process, address = start_server("--time-limit", "90", "--memory-limit", "250")
    try:
        page = Page(driver, address)
        page.open()
        assert page.driver.find_element(By.ID, "limits").text == (
            "Each request stops at 90 s and 250 MiB of memory, whatever it found by then "
            "(puzzlesolve serve --time-limit, --memory-limit)."
        )
        Select(driver.find_element(By.ID, "genre")).select_by_value("nurikabe")
        # the largest of its kind not refused before grounding: it grounds gigabytes
        big = "1600" + " -" * 39 + "\n" + ("-" + " -" * 39 + "\n") * 39
        driver.execute_script("document.getElementById('paste').value = arguments[0]", big)
        driver.find_element(By.ID, "open-text").click()
        wait(lambda: "Opened the pasted grid" in page.message())
        driver.execute_script("document.getElementById('message').textContent = ''")
        driver.find_element(By.ID, "solve").click()
        text = wait(
            lambda: (
                page.message() if page.message().startswith(("Stopped", "the work ended")) else None
            )
        )
        # an allocation failing in clingo's own code ends the worker before Python can say
        # why: the page then says the work ended without an answer
        assert (
            text
            == (
                "Stopped: the work needed more than the 250 MiB of memory a request may take "
                "(puzzlesolve serve --memory-limit)."
            )
            or "the work ended without an answer" in text
        ), text
    finally:
        process.terminate()
        process.wait(30)
