"""The command line's one error: bad input or usage, one line on stderr, exit status 2."""

from __future__ import annotations

import click


class BadInput(click.ClickException):
    """Bad input or usage: one line on stderr, exit status 2."""

    exit_code = 2  # ClickException's default of 1 means "unsolvable" in our contract
