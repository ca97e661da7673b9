"""Sudoku on the web page in real Chromium (the fixtures of tests/test_serve_browser.py): the
numbers board with the boxes' thick lines, digits typed, check and hint, at 1280x900 and at
a phone's 400x800. Screenshots go to $SUDOKU_SCREENSHOTS when it is set."""

from __future__ import annotations

import os

import pytest

from tests.test_serve_browser import driver, page, server, sized, viewport  # noqa: F401

SHOTS = os.environ.get("SUDOKU_SCREENSHOTS")


@pytest.mark.parametrize("width, height", [(1280, 900), (400, 800)])
def test_sudoku_digits_boxes_check_and_hint(sized, width, height):  # noqa: F811
    viewport(sized, width, height)
    sized.example("sudoku/tatham-9x9-basic")
    assert sized.cells("box-right") == {(r, c) for r in range(9) for c in (2, 5)}
    assert sized.cells("box-bottom") == {(r, c) for r in (2, 5) for c in range(9)}
    assert sized.cell(0, 2).text == "9" and (0, 2) in sized.cells("given")
    sized.click(0, 0)
    sized.board_keys("3")  # the solution's digit
    assert sized.cell(0, 0).text == "3" and sized.cells("filled") == {(0, 0)}
    sized.press("check", "Check: no mistake so far")
    sized.click(0, 1)
    sized.board_keys("9")  # a second 9 in row 1
    sized.press("check", "Check: invalid")
    assert (0, 1) in sized.cells("conflict")
    sized.board_keys("\ue003")  # backspace
    sized.press("hint", "Hint:")
    assert len(sized.cells("hint")) == 1
    if SHOTS:
        sized.driver.save_screenshot(f"{SHOTS}/sudoku-{width}x{height}.png")
