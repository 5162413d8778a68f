"""What went wrong, as data: a code and its parameters, never a sentence.

The web layer and the command line turn problems into sentences in the players'
language (``scorekeeper.messages``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Problem codes are stable: add new ones, never rename one (contract.md).
CODES = (
    "too-few-cards",
    "too-many-cards",
    "too-many-wildcards",
    "sets-not-allowed",
    "not-a-meld",
    "duplicate-rank",
    "ace-both-ends",
    "opening-below-minimum",
    "cannot-go-out",
    "several-went-out",
    "impossible-card-count",
    "off-step-count",
    "morto-unused-not-allowed",
    "match-over",
    "unknown-player",
    "player-out",
    "game-over",
    "player-count",
    "morto-count",
    "too-many-deals",
    "mitchell-repeat",
)

#: Codes of unreadable input (exit status 2 of the command line).
INPUT_CODES = (
    "bad-json",
    "unreadable-file",
    "unknown-card",
    "empty-meld",
    "unknown-profile",
    "missing-field",
    "bad-value",
    "side-count",
    "unknown-parameter",
    "inconsistent-rules",
    "impossible-counts",
    "too-large",
    "too-deep",
    "not-text",
)


@dataclass(frozen=True)
class Problem:
    """A broken rule: ``code`` plus the parameters a message needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The problem as the contract writes it: code, params, and where it was found."""
        return {"code": self.code, "params": dict(self.params), **self.context}

    def within(self, **context: Any) -> Problem:
        """The same problem, located (side, meld, deal, round…)."""
        return Problem(self.code, self.params, {**context, **self.context})


class InputError(ValueError):
    """Input that cannot be read: a code and the field or token it is about.

    >>> str(InputError("unknown-card", token="1X"))
    'unknown-card: token=1X'
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v}" for k, v in params.items())
        super().__init__(f"{code}: {detail}")

    def at(self, field_name: str) -> InputError:
        """The same error, with the document field it was found in."""
        if "field" in self.params:
            return self
        return InputError(self.code, field=field_name, **self.params)
