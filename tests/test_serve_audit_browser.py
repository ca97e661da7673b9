"""The page's Audit panel in a real browser (headless Chromium, Selenium), against a real
`puzzlesolve serve`: the panel's words, the cells that differ, a suggested clue drawn on the
board that a click adds (the audit then says unique), a redundant clue a click takes away,
at a laptop's size and at a phone's. Skipped where Chromium or its driver is missing, as
tests/test_serve_browser.py is (whose server, browser and page helpers these reuse)."""

from __future__ import annotations

import test_serve_browser as browser
from test_serve_browser import Page, viewport, wait

# the browser tests' fixtures, shared (one server and one browser for this module too)
server, driver, page, sized = browser.server, browser.driver, browser.page, browser.sized

from selenium.webdriver.common.by import By  # isort: skip - after the skip of a missing browser
from selenium.webdriver.support.ui import Select  # isort: skip

TWO_SOLUTIONS = "1 - -\n- - -\n- - 9\n"
"""A Numbrix 3x3 with two solutions (1 to 9 one way round the rim or the other); the fewest
clues that make it unique: one, r1c2 = 2 first."""

UNIQUE = "9 - - - 13\n- - 20 - -\n7 - 25 - -\n- - - 17 -\n- - - - 1\n"
"""A unique Numbrix 5x5 (the README's) whose givens at r1c1 r1c5 r3c1 r4c4 r5c5 could each
go, the puzzle staying unique."""


def paste(page: Page, genre: str, text: str) -> None:
    page.open()
    Select(page.driver.find_element(By.ID, "genre")).select_by_value(genre)
    box = page.driver.find_element(By.ID, "paste")
    box.clear()
    box.send_keys(text)
    page.driver.find_element(By.ID, "open-text").click()
    wait(lambda: "Opened the pasted grid" in page.message())


def chips(page: Page, kind: str) -> dict[tuple[int, int], str]:
    """The audit's chips on the board (``suggest-chip``, ``redundant-chip``): cell -> text."""
    found = page.driver.find_elements(By.CSS_SELECTOR, f"#board .cell .{kind}")
    return {
        tuple(map(int, e.find_element(By.XPATH, "..").get_attribute("data-cell").split(","))): (
            e.text
        )
        for e in found
    }


def panel(page: Page) -> str:
    return page.driver.find_element(By.ID, "audit-panel").text


def test_a_suggested_clue_added_by_a_click_makes_the_puzzle_unique_at_1280x900(sized):
    viewport(sized, 1280, 900)
    paste(sized, "numbrix", TWO_SOLUTIONS)
    assert sized.press("audit", "Audit:") == (
        "Audit: not unique: 2 solutions; a repair is marked + on the board."
    )
    assert sized.cells("differ") == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}
    assert chips(sized, "suggest-chip") == {(0, 1): "+2"}
    assert panel(sized).splitlines()[:5] == [
        "Audit not unique: 2 solutions",
        "Solutions differ at 6 cells (marked ≠).",
        "Repair: 1 clue makes it unique (re-checked). Click the + on the board, or a button, to add:",
        "r1c2 = 2 (on the board) Add this clue",
        "r2c3 = 4 Show Add this clue",
    ]
    # another repair, shown on the board instead
    sized.driver.find_element(By.CSS_SELECTOR, '#audit-repairs button[data-audit="show"]').click()
    wait(lambda: chips(sized, "suggest-chip") == {(1, 2): "+4"})
    sized.driver.find_element(By.CSS_SELECTOR, "#board .suggest-chip").click()
    wait(lambda: "Audit: unique" in sized.message())
    assert sized.message() == "Added r2c3 = 4. Audit: unique."
    assert sized.cell(1, 2).text == "4" and "given" in sized.cell(1, 2).get_attribute("class")
    assert sized.cells("differ") == set() and chips(sized, "suggest-chip") == {}
    # the puzzle on screen has the clue: solve and a fresh audit agree
    assert sized.press("solve", "Solve:") == "Solve: unique."
    assert sized.press("audit", "Audit:") == "Audit: unique."
    # the change undone: the puzzle before it, audited again
    sized.driver.find_element(By.CSS_SELECTOR, '#audit-panel button[data-audit="undo"]').click()
    wait(lambda: sized.message().startswith("Undid the change. Audit:"))
    assert sized.message() == (
        "Undid the change. Audit: not unique: 2 solutions; a repair is marked + on the board."
    )
    assert sized.cell(1, 2).text == ""
    assert not sized.driver.find_elements(By.CSS_SELECTOR, '#audit-panel [data-audit="undo"]')


def test_a_redundant_clue_is_struck_and_removed_by_a_click_at_400x800(sized):
    viewport(sized, 400, 800)
    paste(sized, "numbrix", UNIQUE)
    assert sized.press("audit", "Audit:") == "Audit: unique."
    redundant = {(0, 0), (0, 4), (2, 0), (3, 3), (4, 4)}
    assert sized.cells("redundant") == redundant
    assert set(chips(sized, "redundant-chip")) == redundant
    words = panel(sized)
    assert (
        "Redundant clues, each alone (struck through, − removes it): r1c1 r1c5 r3c1 r4c4 r5c5"
        in words
    )
    assert "Removable together: r1c1 r3c1 r4c4" in words
    assert "Grade: medium (14 steps: 11 easy, 3 medium)." in words
    # readable on a phone: the panel is no wider than the window
    width = sized.driver.execute_script(
        "return document.getElementById('audit-panel').getBoundingClientRect().right"
    )
    assert width <= 400
    sized.driver.find_element(By.CSS_SELECTOR, '#board [data-cell="0,0"] .redundant-chip').click()
    wait(lambda: sized.message().startswith("Removed the clue at r1c1. Audit:"))
    assert sized.message() == "Removed the clue at r1c1. Audit: unique."
    assert sized.cell(0, 0).text == ""
    # the audit of the puzzle without it: the other four could still each go
    assert sized.cells("redundant") == {(0, 4), (2, 0), (3, 3), (4, 4)}


def test_no_solution_shows_nothing_to_repair_and_its_conflict(page):
    paste(page, "numbrix", "1 3\n- -\n")
    assert page.press("audit", "Audit:") == "Audit: no solution."
    assert "no solution: nothing to repair" in panel(page)
    assert "Clues in conflict (marked !): r1c1 r1c2." in panel(page)
    assert page.cells("conflict") == {(0, 0), (0, 1)}


def test_a_long_audit_shows_it_is_busy_and_stops(page):
    page.example("hidato/generated-16x16")  # its grade alone takes minutes
    page.driver.find_element(By.ID, "audit").click()
    busy = page.driver.find_element(By.ID, "busy")
    wait(lambda: busy.is_displayed() and "Auditing" in busy.text)
    assert page.press("stop", "Stopped") == "Stopped."
    assert not busy.is_displayed()
    assert not page.driver.find_element(By.ID, "audit-panel").is_displayed()
    page.press("solve", "Solve: unique")  # the server goes on


def test_a_masyu_audit_marks_the_segments_that_differ_and_adds_a_pearl(sized):
    viewport(sized, 1280, 900)
    paste(sized, "masyu", ". . .\n. W .\n. . .\n")
    assert sized.press("audit", "Audit:") == (
        "Audit: not unique: 4 solutions; a repair is marked + on the board."
    )
    assert panel(sized).splitlines()[1] == "Solutions differ at 12 segments (marked)."
    marked = sized.driver.find_elements(By.CSS_SELECTOR, "#board .loop-differ")
    assert len(marked) == 12
    assert chips(sized, "suggest-chip") == {(1, 0): "+W"}
    sized.driver.find_element(By.CSS_SELECTOR, "#board .suggest-chip").click()
    wait(lambda: "Audit: unique" in sized.message())
    assert sized.message() == "Added r2c1 = W. Audit: unique."


CHEQUERED = "9 - 11 - 13\n- 21 - 19 -\n7 - 25 - 15\n- 23 - 17 -\n5 - 3 - 1\n"
"""Numbrix small-5x5 given on every other cell: unique, with clues to spare; its largest set
that can go together is not symmetric under a half turn (r2c4 goes, r4c2 stays)."""


def test_remove_these_under_rotate_symmetry_keeps_the_puzzle_symmetric(page):
    paste(page, "numbrix", CHEQUERED)
    Select(page.driver.find_element(By.ID, "audit-symmetry")).select_by_value("rotate")
    page.press("audit", "Audit:")
    removable = next(line for line in panel(page).splitlines() if line.startswith("Removable"))
    # the largest set found (r1c1 r1c5 r3c1 r3c3 r3c5 r5c1 r5c3 r5c5 r2c4 ...) less the clues
    # whose half-turn image stays: r5c3 (r1c3 stays)
    assert removable == "Removable together: r1c1 r1c5 r3c1 r3c3 r3c5 r5c1 r5c5 Remove these 7"
    page.driver.find_element(By.CSS_SELECTOR, "button[data-audit='remove-all']").click()
    wait(lambda: page.message().startswith("Removed"))
    wait(lambda: "Audit:" in page.message())  # the puzzle without them, audited again
    givens = {
        tuple(map(int, cell.split(",")))
        for cell in page.driver.execute_script(
            "return [...document.querySelectorAll('#board .cell.given')].map((e) => e.dataset.cell)"
        )
    }
    assert givens == {(0, 2), (1, 1), (1, 3), (3, 1), (3, 3), (4, 2)}  # a half turn keeps them


def test_the_pages_grade_is_the_explanations_own_as_the_command_line_says(page):
    page.example("nurikabe/generated-10x10")  # explain: expert (8 steps need a trial)
    page.press("explain", "Step 1")
    grade = page.driver.find_element(By.ID, "grade-out").text
    assert grade.startswith("Explanation: 70 steps, grade expert,"), grade
