"""Screenshots of `puzzlesolve serve` in headless Chromium: each genre at 1280x900 (a laptop)
and 400x800 (a phone), into a folder (docs/screenshots/ by default).

    python docs/serve-screenshots.py [FOLDER] [SCENE...]   # then look at every picture

Starts its own server on a free port of 127.0.0.1 and drives the page as a person would:
marks, then a check or a hint, so that the highlights and the solver's words show. Pictures
are saved as palette PNGs (small) when Pillow is installed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

REPO = Path(__file__).resolve().parent.parent
SIZES = ((1280, 900), (400, 800))
DARK = ("hitori", "nurikabe", "numberlink", "hidato", "numbrix-pencil", "slitherlink", "masyu")
"""The scenes taken again in the dark theme (the system's setting), as dark-NAME-WxH.png."""


def wait(condition, seconds=90):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if found := condition():
                return found
        except Exception:  # noqa: BLE001, S110 - not there yet: look again
            pass
        time.sleep(0.05)
    raise TimeoutError


def shrink(path: Path) -> None:
    """The picture as a palette PNG (a fifth of the size), if Pillow is there."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as picture:
        small = picture.convert("RGB").quantize(colors=128)
    small.save(path, optimize=True)


class Page:
    def __init__(self, driver, base: str):
        self.driver, self.base = driver, base

    def message(self) -> str:
        return self.driver.find_element(By.ID, "message").text

    def example(self, genre: str, name: str) -> None:
        self.driver.get(f"{self.base}?example={genre}/{name}")
        wait(lambda: self.driver.find_element(By.CSS_SELECTOR, "body[data-ready]"))
        self.driver.execute_script("localStorage.clear()")

    def cell(self, r: int, c: int):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-cell="{r},{c}"]')

    def click(self, *cells: tuple[int, int]) -> None:
        for r, c in cells:
            self.driver.execute_script(
                "arguments[0].scrollIntoView({block: 'nearest'})", self.cell(r, c)
            )
            self.cell(r, c).click()

    def press(self, button: str, expect: str) -> None:
        self.driver.execute_script("document.getElementById('message').textContent = ''")
        self.driver.find_element(By.ID, button).click()
        wait(lambda: self.message().startswith(expect))

    def drag(self, *cells: tuple[int, int]) -> None:
        """Press on the first cell, move through the others, release (offsets from the
        board's centre: its cells are drawn anew at each segment, the board stays)."""
        board = self.driver.find_element(By.ID, "board")
        width, height = board.size["width"], board.size["height"]
        size = self.cell(0, 0).size["width"]

        def at(r: int, c: int) -> tuple[int, int]:
            return round((c + 0.5) * size - width / 2), round((r + 0.5) * size - height / 2)

        actions = ActionChains(self.driver).move_to_element_with_offset(board, *at(*cells[0]))
        actions.click_and_hold()
        for r, c in cells[1:]:
            actions.move_to_element_with_offset(board, *at(r, c))
        actions.release().perform()

    def click_pairs(self, pairs, centres: bool) -> None:
        """Click half way along each pair: an edge between two grid points (Slitherlink), or
        (`centres`) a segment between two cells' centres (Masyu)."""
        shift = 0.5 if centres else 0
        for (y, x), (y2, x2) in pairs:
            board = self.driver.find_element(By.ID, "board")
            left, top, size, width, height = self.driver.execute_script(
                "const board = arguments[0].getBoundingClientRect();"
                "const first = document.querySelector('[data-cell=\"0,0\"]').getBoundingClientRect();"
                "return [first.left - board.left, first.top - board.top, first.width,"
                " board.width, board.height];",
                board,
            )
            at = (
                round(left + ((x + x2) / 2 + shift) * size - width / 2),
                round(top + ((y + y2) / 2 + shift) * size - height / 2),
            )
            actions = ActionChains(self.driver, duration=20)
            actions.move_to_element_with_offset(board, *at).click().perform()

    def save(self, path: Path) -> None:
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.save_screenshot(str(path))
        shrink(path)


def solution_pairs(genre: str, name: str) -> list:
    """The pairs an example's solution file draws (Slitherlink's edges, Masyu's segments)."""
    from puzzlesolve.registry import get_genre

    path = REPO / "instances" / genre / f"{name}.txt"
    puzzle = get_genre(genre).parse(path.read_text(encoding="utf-8"), path.name)
    sol = path.with_suffix(".sol").read_text(encoding="utf-8")
    return sorted(
        pair
        for pair, value in get_genre(genre).read_answer(puzzle, sol, "sol").items()
        if value == "on"
    )


def scenes(page: Page):
    """Each genre as a person leaves it: (name, what to do)."""

    def hitori():
        page.example("hitori", "ai-course-5x5")
        page.click((0, 4), (1, 1), (2, 0), (2, 3), (0, 0), (0, 0))
        page.press("hint", "Hint")

    def nurikabe():
        page.example("nurikabe", "generated-20x20")
        page.click((0, 0), (0, 1), (1, 0), (1, 1))
        page.press("check", "Check")

    def numberlink():
        page.example("numberlink", "copris-5x5")
        page.drag((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))
        page.drag((2, 1), (2, 2), (3, 2), (3, 1), (2, 1))  # a stray loop
        page.press("check", "Check")

    def hidato():
        page.example("hidato", "generated-16x16")
        page.press("check", "Check")

    def numbrix():
        page.example("numbrix", "generated-12x12")
        page.press("solve", "Solve")

    def slitherlink():
        page.example("slitherlink", "tatham-10x10")
        page.example("slitherlink", "tatham-10x10")  # without the marks kept from the last size
        loop = solution_pairs("slitherlink", "tatham-10x10")
        page.click_pairs([pair for pair in loop if pair[1][0] <= 3], centres=False)
        zero = [((8, 5), (8, 6)), ((8, 5), (9, 5)), ((8, 6), (9, 6)), ((9, 5), (9, 6))]
        page.click_pairs(zero * 2, centres=False)  # clicked twice: "no line", a cross
        page.press("hint", "Hint")

    def masyu():
        page.example("masyu", "tatham-10x10")
        page.example("masyu", "tatham-10x10")  # without the marks kept from the last size
        page.drag((0, 0), (0, 1), (0, 2), (1, 2), (1, 3))
        page.click_pairs([((1, 0), (1, 1))] * 2, centres=True)  # "no line": a cross
        page.press("check", "Check")

    def nurikabe_30():
        page.example("nurikabe", "generated-30x30")
        page.press("check", "Check")

    def numbrix_pencil():  # a hint that rules numbers out, applied as pencil marks
        page.example("numbrix", "generated-12x12")
        for _ in range(2):
            page.press("hint", "Hint")
            page.driver.find_element(By.ID, "apply").click()
        page.press("hint", "Hint")

    return {
        "hitori": hitori,
        "nurikabe": nurikabe,
        "numberlink": numberlink,
        "hidato": hidato,
        "numbrix": numbrix,
        "nurikabe-30x30": nurikabe_30,
        "numbrix-pencil": numbrix_pencil,
        "slitherlink": slitherlink,
        "masyu": masyu,
    }


def main(folder: Path, only: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    base = server.stdout.readline().split()[-1]
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    page = Page(driver, base)
    try:
        for width, height in SIZES:
            # the viewport itself at that size (a window's size includes its frame)
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
            )
            for name, scene in scenes(page).items():
                if only and name not in only:
                    continue
                scene()
                page.save(folder / f"{name}-{width}x{height}.png")
            dark = [{"name": "prefers-color-scheme", "value": "dark"}]
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": dark})
            for name, scene in scenes(page).items():
                if name in DARK and (not only or f"dark-{name}" in only):
                    scene()
                    page.save(folder / f"dark-{name}-{width}x{height}.png")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        print(driver.get_log("browser"))
    finally:
        driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "screenshots", sys.argv[2:])
