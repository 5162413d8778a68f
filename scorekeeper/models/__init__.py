"""Database tables (``base``: what they share; ``games``: a match, a table of friends,
house rules, a Burro game, the forms' keys; ``evening``: a club's evening and season).

A deal is stored exactly as the players entered it (the contract's deal JSON); every
total is recomputed from the stored deals by ``scorekeeper.rules``. What is kept besides
(a match's status, totals and tally; an evening table's result) is rewritten with every
change and read only for the version it was made for.
"""

from scorekeeper.models.base import Base, new_token, utcnow
from scorekeeper.models.evening import (
    Event,
    EventChange,
    EventDeal,
    EventEntrant,
    EventFlag,
    EventPenalty,
    EventSheet,
    EventTable,
    Season,
)
from scorekeeper.models.games import (
    BurroGame,
    Change,
    Deal,
    HouseRules,
    Match,
    Submission,
    Table,
    TablePlayer,
    match_snapshot,
    used_submission,
)

__all__ = ["Base", "BurroGame", "Change", "Deal", "Event", "EventChange", "EventDeal",
           "EventEntrant", "EventFlag", "EventPenalty", "EventSheet", "EventTable",
           "HouseRules", "Match", "Season", "Submission", "Table", "TablePlayer",
           "match_snapshot", "new_token", "used_submission", "utcnow"]
