"""Screenshots of `puzzlesolve serve` in headless Chromium, one per genre, into a folder.

    python docs/serve-screenshots.py /tmp/shots      # then look at them; two are kept in docs/

Starts its own server on a free port of 127.0.0.1 and drives the page as a person would.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

REPO = Path(__file__).resolve().parent.parent


def wait(condition, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if found := condition():
                return found
        except Exception:  # noqa: BLE001, S110 - not there yet: look again
            pass
        time.sleep(0.05)
    raise TimeoutError


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    base = server.stdout.readline().split()[-1]
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,760"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    cell = lambda r, c: driver.find_element(By.CSS_SELECTOR, f'[data-cell="{r},{c}"]')
    message = lambda: driver.find_element(By.ID, "message").text

    def load(query: str) -> None:
        driver.get(base + query)
        wait(lambda: driver.find_element(By.CSS_SELECTOR, "body[data-ready]"))

    def example(genre: str, name: str) -> None:
        load("")
        driver.find_element(By.ID, "example").send_keys(f"{genre}: {name}")
        driver.find_element(By.ID, "open-example").click()
        wait(lambda: "Opened the example" in message())

    def drag(*cells: tuple[int, int]) -> None:
        """Press on the first cell, move through the others, release (offsets from the
        board's centre: the board is drawn anew at each segment)."""
        board = driver.find_element(By.ID, "board")
        width, height = board.size["width"], board.size["height"]
        rows = len(driver.find_elements(By.CSS_SELECTOR, '[data-cell$=",0"]'))
        size = height / rows

        def at(r: int, c: int) -> tuple[int, int]:
            return round((c + 0.5) * size - width / 2), round((r + 0.5) * size - height / 2)

        actions = ActionChains(driver).move_to_element_with_offset(board, *at(*cells[0]))
        actions.click_and_hold()
        for r, c in cells[1:]:
            actions.move_to_element_with_offset(board, *at(r, c))
        actions.release().perform()

    def click(button: str, expect: str) -> None:
        driver.find_element(By.ID, button).click()
        wait(lambda: expect in message())

    try:
        link = "https://puzz.link/p?hitori/5/5/3254523435432441335554123"
        load("?link=" + urllib.parse.quote(link, safe=""))
        for r, c in [(0, 4), (1, 1), (2, 0), (2, 3)]:
            cell(r, c).click()
        cell(0, 0).click()
        cell(0, 0).click()
        click("hint", "Hint")
        driver.save_screenshot(str(folder / "serve-hitori.png"))
        cell(3, 1).click()
        cell(3, 2).click()
        click("check", "Check")
        driver.save_screenshot(str(folder / "serve-hitori-check.png"))

        example("numberlink", "copris-5x5")
        drag((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))
        drag((1, 1), (2, 1), (3, 1), (4, 1), (4, 2))
        click("hint", "Hint")
        driver.save_screenshot(str(folder / "serve-numberlink.png"))

        example("hidato", "small-5x5")
        cell(0, 1).click()
        driver.find_element(By.ID, "board").send_keys("7")
        click("check", "Check")
        driver.save_screenshot(str(folder / "serve-hidato.png"))

        example("numbrix", "several-2x2")
        click("solve", "Solve")
        driver.save_screenshot(str(folder / "serve-numbrix.png"))

        example("hitori", "ai-course-5x5")
        click("explain", "Step 1")
        for _ in range(3):
            click("explain-next", "Step")
        driver.save_screenshot(str(folder / "serve-explain.png"))

        example("numberlink", "copris-5x5")
        click("explain", "Step 1")
        for _ in range(8):
            click("explain-next", "Step")
        driver.save_screenshot(str(folder / "serve-numberlink-explain.png"))
        driver.find_element(By.ID, "mine").click()
        click("hint", "Hint")
        driver.find_element(By.ID, "apply").click()
        driver.save_screenshot(str(folder / "serve-numberlink-applied.png"))
        print(driver.get_log("browser"))
    finally:
        driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/serve-shots"))
