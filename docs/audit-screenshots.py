"""Screenshots of the Audit panel of `puzzlesolve serve`, at 1280x900 and 400x800, into a
folder (docs/screenshots/ by default), with the server, browser and helpers of
docs/serve-screenshots.py.

    python docs/audit-screenshots.py [FOLDER]      # then look at both pictures

The scene: the README's Numbrix 5x5 with two givens, audited with symmetry "rotate": the
cells that differ between its solutions, and the three clues of the first repair drawn on
the board as "+" chips (a clue and its image under the half turn).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("serve_screenshots", HERE / "serve-screenshots.py")
shots = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shots)

PUZZLE = "9 - - - -\n- - - - -\n- 22 - 18 -\n- - - - -\n- - - - -\n"


def scene(page) -> None:
    driver = page.driver
    driver.get(page.base)
    shots.wait(lambda: driver.find_element(By.CSS_SELECTOR, "body[data-ready]"))
    driver.execute_script("localStorage.clear()")
    Select(driver.find_element(By.ID, "genre")).select_by_value("numbrix")
    driver.find_element(By.ID, "paste").clear()
    driver.find_element(By.ID, "paste").send_keys(PUZZLE)
    driver.find_element(By.ID, "open-text").click()
    shots.wait(lambda: "Opened the pasted grid" in page.message())
    Select(driver.find_element(By.ID, "audit-symmetry")).select_by_value("rotate")
    page.press("audit", "Audit:")


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=shots.REPO,
    )
    base = server.stdout.readline().split()[-1]
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    page = shots.Page(driver, base)
    try:
        for width, height in shots.SIZES:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
            )
            scene(page)
            # a phone holds the solver's words at the bottom of the window: the board is
            # scrolled to the top, so that both are in the picture
            driver.execute_script(
                "window.scrollTo(0, arguments[0] ? 0 : document.getElementById('title')"
                ".getBoundingClientRect().top + window.scrollY)",
                width > 720,
            )
            path = folder / f"audit-{width}x{height}.png"
            driver.save_screenshot(str(path))
            shots.shrink(path)
    finally:
        driver.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else shots.REPO / "docs" / "screenshots")
