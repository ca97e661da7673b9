"""The forward engine's grade: the hardest technique tier an explanation needs, how often,
and how many steps needed a trial (`forward_difficulty`), against the genre's calibrated
limits (``TIER_GRADES`` of its explain module, else `TIER_GRADES`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from puzzlesolve.explain import results
from puzzlesolve.explain.steps import ForwardStep


@dataclass(frozen=True)
class ForwardExplanation(results.Explanation):
    """An explanation by the forward engine: graded by the techniques' tiers."""

    steps: list[ForwardStep]
    bugs: list[str] = field(default_factory=list, repr=False, compare=False)
    tier_grades: Mapping[int, int] | None = field(default=None, repr=False, compare=False)
    often_harder: tuple[int, float] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        graded = forward_difficulty(
            self.steps, self.status == "solved", self.tier_grades, self.often_harder
        )
        object.__setattr__(self, "difficulty", graded)


TIER_GRADES = {0: 0, 1: 0, 2: 1, 3: 2, 4: 2}
"""The grade index (easy, medium, hard, expert) of the hardest technique tier used; tiers
above 4 are expert. A step by trial makes a puzzle hard, more than `TRIALS_HARD` expert. A
genre's explain module may calibrate its own (``TIER_GRADES``: Hitori's, on Tatham's
Singles)."""
TRIALS_HARD = 2


def forward_difficulty(
    steps: list[ForwardStep],
    complete: bool,
    tier_grades: Mapping[int, int] | None = None,
    often_harder: tuple[int, float] | None = None,
) -> results.Difficulty:
    """The hardest technique tier needed, how often, and how many steps needed a trial.

    `often_harder` (a genre's ``OFTEN_HARDER``): (tier, share): a puzzle whose hardest tier
    is at least that tier, needed by at least that share of its steps, grades one harder."""
    techniques = [step.tier for step in steps if step.technique != "trial"]
    hardest = max(techniques, default=0)
    at_hardest = sum(tier == hardest for tier in techniques)
    trials = sum(step.technique == "trial" for step in steps)
    grade = (tier_grades or TIER_GRADES).get(hardest, 3)
    if often_harder and hardest >= often_harder[0] and at_hardest >= often_harder[1] * len(steps):
        grade = min(grade + 1, 3)
    if trials:
        grade = max(grade, 2 if trials <= TRIALS_HARD else 3)
    weights = [step.weight for step in steps]
    rounds = [step.choices for step in steps if step.choices]
    return results.Difficulty(
        steps=len(steps),
        largest=max(weights, default=0),
        most_cells=max((len(step.because) for step in steps), default=0),
        most_rules=0,
        multi_rule=0,
        mean=round(sum(weights) / len(weights), 2) if weights else 0.0,
        one_way=round(sum(n == 1 for n in rounds) / len(rounds), 2) if rounds else 0.0,
        tier=grade + 1 if steps else 0,
        grade=results.GRADES[grade] if steps else "",
        complete=complete,
        technique_tier=hardest,
        at_hardest=at_hardest,
        trials=trials,
    )
