"""A web page's request run in a child process (see `jobs.Jobs`): its task (`tasks.TASKS`),
its outcome, and the steps an explanation sends as it finds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlesolve.genre import FEATURES
from puzzlesolve.genres import GENRES
from puzzlesolve.grid import InputError
from puzzlesolve.serve.requests import BadRequest
from puzzlesolve.serve.tasks import TASKS

TIMED = {"solve", "settled", "check", "hint", "explain"}
"""Tasks given the server's time limit (less a margin) as ``timeout``: they stop themselves
first and answer with what they found (an explanation's steps so far), rather than being
ended with nothing."""


PROGRESS = {"explain"}
"""Tasks that send their steps as they find them, ``("step", JSON)``, before their outcome."""

QUICK = {"load", "link", "edit"}
"""Tasks that never solve: reading and writing puzzles, bounded by the request's size. The
server runs them itself (no worker to start), so a page opens at once."""


def outcome(
    task: str, request: dict, progress: Callable[[dict], None] | None = None
) -> tuple[str, Any]:
    """A task's outcome: ``("ok", JSON)``, ``("bad", one line)`` (bad input: the page says
    what) or ``("error", one line)`` (a fault: the page says so, the server goes on)."""
    try:
        if task in PROGRESS and progress is not None:
            return ("ok", TASKS[task](request, progress))
        return ("ok", TASKS[task](request))
    except (InputError, BadRequest) as bad:
        return ("bad", str(bad))
    except MemoryError:  # the process's memory limit (`run`), or the machine's
        return ("memory", "")
    except ValueError as bad:  # GenerateError, EncodingError's kin, a genre's refusal
        return ("bad", str(bad).splitlines()[0] if str(bad) else type(bad).__name__)
    except Exception as failure:  # noqa: BLE001 - any fault becomes a message on the page
        from puzzlesolve.program import EncodingError  # loaded by now: a solve failed

        if isinstance(failure, EncodingError):  # a broken rules file: bad input, as on the CLI
            return ("bad", str(failure).splitlines()[0])
        return ("error", f"{type(failure).__name__}: {failure}".splitlines()[0])


def run(connection: Any, task: str, request: dict, memory_limit: int | None = None) -> None:
    """A child process's whole life: one task, its `outcome` sent back; with at most
    `memory_limit` MiB of memory (beyond, an allocation fails: the outcome says so)."""
    if memory_limit is not None:
        import resource

        cap = memory_limit << 20
        resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))
    try:
        found = outcome(task, request, lambda step: connection.send(("step", step)))
    except MemoryError:  # out of the limit while the outcome was being made
        found = ("memory", "")
    if found[0] == "memory":
        said = (
            f"stopped: the work needed more than the {memory_limit:,} MiB of memory a request "
            "may take (puzzlesolve serve --memory-limit)"
        )
        found = ("memory", said)
    connection.send(found)
    connection.close()


def preload() -> None:
    """Import what the tasks use, once, in the process that forks the children."""
    import puzzlesolve.drawing
    import puzzlesolve.explain
    import puzzlesolve.generate
    import puzzlesolve.links
    import puzzlesolve.solver  # noqa: F401

    for genre in GENRES.values():
        for feature in FEATURES:
            if genre.has(feature):
                genre.feature(feature)
