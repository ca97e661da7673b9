"""The web page's speed: page ready after the server starts, a hint on 10x10 boards end to
end over HTTP, and the server's idle memory.

    python bench/serve.py            # about half a minute; Linux (reads /proc for memory)

Starts `puzzlesolve serve --no-browser --port 0` as a user would. "Page ready" is measured
twice: by HTTP (the page, its scripts and styles and /api/info all fetched) and, when
headless Chromium is installed, in the browser (from navigation until the page has drawn
the puzzle of ``?link=``). Hints ask for the next step from no marks and from half of the
solution's cells marked, on generated 10x10 puzzles (unique, seeds fixed).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from puzzlesolve import get_genre, parse, solve
from puzzlesolve.generate import generate as generating


def generate(genre: str, *args, **options):
    """A bench names its genres: resolved here, as at the command line, then generated."""
    return generating(get_genre(genre), *args, **options)


RUNS = 5
PAGE_FILES = [
    "",
    "static/app.js",
    "static/board.js",
    "static/api.js",
    "static/style.css",
    "api/info",
]


def start(*extra: str) -> tuple[subprocess.Popen, str, float, float]:
    """The server, its address, seconds until it printed it, and when it started."""
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "puzzlesolve", "serve", "--no-browser", "--port", "0", *extra],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    address = server.stdout.readline().split()[-1]
    return server, address, time.perf_counter() - started, started


def post(address: str, task: str, body: dict) -> dict:
    request = urllib.request.Request(
        address + "api/" + task, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.load(response)


def rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants, MiB (Linux /proc)."""
    total, todo = 0, [pid]
    while todo:
        here = todo.pop()
        try:
            status = Path(f"/proc/{here}/status").read_text()
            resident = next(ln for ln in status.splitlines() if ln.startswith("VmRSS"))
            total += int(resident.split()[1])
            for task in Path(f"/proc/{here}/task").iterdir():
                todo += [int(p) for p in (task / "children").read_text().split()]
        except (OSError, StopIteration):
            continue
    return total / 1024


def page_ready_http() -> None:
    server, address, printed, started = start()
    try:
        for name in PAGE_FILES:
            with urllib.request.urlopen(address + name, timeout=30) as response:
                response.read()
        ready = time.perf_counter() - started
        print(
            f"page ready (HTTP): address printed {printed:.2f} s after start, page and "
            f"its files fetched {ready:.2f} s after start"
        )
    finally:
        server.terminate()
        server.wait()


def page_ready_browser() -> None:
    if not all(os.access(f"/usr/bin/{name}", os.X_OK) for name in ("chromium", "chromedriver")):
        print("page ready (browser): skipped, no Chromium")
        return
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    link = "https://puzz.link/p?hitori/5/5/3254523435432441335554123"
    try:
        times = []
        for _ in range(RUNS):
            server, address, _printed, started = start()
            driver.get(address + "?link=" + urllib.parse.quote(link, safe=""))
            while not driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"):
                time.sleep(0.005)
            times.append(time.perf_counter() - started)
            server.terminate()
            server.wait()
        print(
            f"page ready (browser, puzzle drawn), from server start: median "
            f"{statistics.median(times):.2f} s, slowest {max(times):.2f} s of {RUNS}"
        )
    finally:
        driver.quit()


def hints_and_memory() -> None:
    server, address, _printed, _started = start("--time-limit", "120")
    try:
        post(address, "load", {"genre": "hitori", "source": {"example": "ai-course-5x5"}})
        time.sleep(2)  # the forking process has imported clingo by now
        print(
            f"idle memory: {rss_mib(server.pid):.0f} MiB resident (server and the process "
            "that forks workers)"
        )
        for genre, seed in (("hitori", 1), ("numbrix", 1), ("numberlink", 1)):
            made = generate(genre, 10, 10, seed, "medium", grade=False)
            puzzle = parse(genre, made.text)
            solution = solve(genre, puzzle).solutions[0]
            values = sorted(get_genre(genre).values(puzzle, solution).items())
            half = [[r, c, v] for (r, c), v in values[: len(values) // 2]]
            for marks, answer in (("no marks", []), ("half marked", half)):
                body = {"genre": genre, "source": {"text": made.text}, "answer": answer}
                times = []
                for _ in range(RUNS if genre == "hitori" else 1):  # the others take long
                    begun = time.perf_counter()
                    try:
                        result = post(address, "hint", body)
                    except urllib.error.HTTPError as failure:
                        result = {"status": json.load(failure).get("error")}
                    times.append(time.perf_counter() - begun)
                print(
                    f"hint {genre} 10x10 seed {seed}, {marks}: {result['status']}, median "
                    f"{statistics.median(times):.3f} s, slowest {max(times):.3f} s "
                    f"of {len(times)}"
                )
        print(f"memory after the hints: {rss_mib(server.pid):.0f} MiB resident")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    page_ready_http()
    page_ready_browser()
    hints_and_memory()
