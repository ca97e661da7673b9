"""Fillomino on the web page in real Chromium (the fixtures of tests/test_serve_browser.py): sizes
typed into cells, a region's border drawn once it closes, check, at 1280x900 and at a phone's
400x800. Screenshots go to $FILLOMINO_SCREENSHOTS when it is set."""

from __future__ import annotations

import os

import pytest

from tests.test_serve_browser import driver, page, server, sized, viewport  # noqa: F401

SHOTS = os.environ.get("FILLOMINO_SCREENSHOTS")


@pytest.mark.parametrize("width, height", [(1280, 900), (400, 800)])
def test_sizes_typed_close_a_region_and_check(sized, width, height):  # noqa: F811
    viewport(sized, width, height)
    sized.example("fillomino/tatham-5x5")
    # the given 5 (r1c2) beside the given 3 (r1c1): a border between different sizes
    assert (0, 0) in sized.cells("box-right")
    sized.click(1, 0)
    sized.board_keys("3")
    assert (1, 0) not in sized.cells("box-bottom")  # the 3 has two cells of three: open
    sized.click(2, 0)
    sized.board_keys("3")
    # closed: a border below r3c1 and right of r2c1 and r3c1
    assert {(2, 0), (1, 0)} <= sized.cells("box-right") and (2, 0) in sized.cells("box-bottom")
    sized.press("check", "Check: no mistake so far")
    sized.click(3, 0)
    sized.board_keys("3")  # a fourth 3
    sized.press("check", "Check: invalid")
    assert (3, 0) in sized.cells("conflict")
    if SHOTS:
        sized.driver.save_screenshot(f"{SHOTS}/fillomino-{width}x{height}.png")
