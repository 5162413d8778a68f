"""Where a deal entered on the one-screen deal form goes: a match (``models.Match``), or an
evening table's turn (``TableDeal``). The deal form, its referee and its page ask only
what both give: the name shown, the rules (a built-in profile, or house rules and their
document), the sides' names, the version the form is built from and whose drafts it keeps.

A match's deal is scored after the deals before it (its running totals, a vulnerable
side); a table's is scored on its own, both sides from 0, as an evening scores each deal
(docs/contract.md, "Events")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from scorekeeper.rules.document import MAX_TARGET


class DealPlace(Protocol):
    """What the deal form needs of where its deal goes."""

    name: str
    profile: str
    rules: dict[str, Any] | None
    sides: list[dict[str, Any]]
    version: int
    edit_token: str

    def rules_document(self) -> dict[str, Any] | str: ...

    def rules_id(self) -> str: ...

    def match_input(self, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]: ...


@dataclass
class TableDeal:
    """A deal of an evening's table in one turn: the evening's name and rules (``rules``:
    house rules as a match keeps them), the table's two sides (NS, EW) by name, the
    version the form is built from, whose drafts it keeps (``edit_token``), and whether
    the turn's time is up (``late``: a new deal is then played after time)."""

    name: str
    profile: str
    rules: dict[str, Any] | None
    sides: list[dict[str, Any]]
    version: int
    edit_token: str
    deals: list[Any] = field(default_factory=list)
    late: bool = False

    def rules_document(self) -> dict[str, Any] | str:
        return self.rules["document"] if self.rules else self.profile

    def rules_id(self) -> str:
        return str(self.rules["document"]["id"]) if self.rules else self.profile

    def match_input(self, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The deal (``deals``: it alone) as the referee scores it: on its own, both sides
        from 0, no target reached."""
        return {"profile": self.rules_document(), "target": MAX_TARGET,
                "sides": [str(side["name"]) for side in self.sides], "deals": deals or []}
