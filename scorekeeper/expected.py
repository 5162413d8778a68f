"""What the referee expected where it read a wrong value (an ``InputError``'s ``bad-value``
and its ``expected``), as msgids: ``scorekeeper.messages`` says them in the players'
language. Values that are codes (``discard|meld``) or numbers are shown as they are, and
ranges (``integer 0..960``) are said by ``messages`` from their pattern.
"""

from __future__ import annotations

from scorekeeper.msgids import N_

#: Each ``expected`` the referee writes, and the words for it.
EXPECTED: dict[str, str] = {
    "object": N_("an object"),
    "list": N_("a list"),
    "text": N_("text"),
    "integer": N_("a whole number"),
    "true or false": N_("true or false"),
    "one card": N_("one card"),
    "cards": N_("cards"),
    "player name": N_("a player's name"),
    "distinct names": N_("different names"),
    "list of melds": N_("a list of melds"),
    "list of deals": N_("a list of deals"),
    "list of rounds": N_("a list of rounds"),
    "list of player names": N_("a list of player names"),
    "list of side names": N_("a list of side names"),
    "players other than the one who feinted": N_("players other than the one who feinted"),
    "melds or counts, not both": N_("melds or counts, not both"),
    "hand or hand_points, not both": N_("the cards in hand or their points, not both"),
    "object of canastra bonuses": N_("an object of bonuses by category"),
    # an event document (docs/contract.md, "Events")
    "list of entrants": N_("a list of entrants"),
    "list of turns": N_("a list of turns"),
    "list of tables": N_("a list of tables"),
    "list of penalties": N_("a list of penalties"),
    "list of movements": N_("a list of movements"),
    "distinct ids": N_("different ids"),
    "entrant id": N_("the id of an entrant of the event"),
    "table player id": N_("the id of a player of the table"),
    "table or evening": N_("a table or an evening exported by Scorekeeper"),
    "two player ids": N_("a list of two players' ids"),
    "entrant seated once": N_("an entrant not already seated in this turn"),
    "table number once": N_("a table number not already used in this turn"),
    "plan as long as turns": N_("a plan with a movement for every turn played"),
    "pairs movement": N_("a movement for pairs: mitchell, danese, danese-modified or "
                         "round-robin"),
    "individual movement": N_("a movement for players: individual-8"),
    "individual-8 players": N_("exactly 8 players for individual-8"),
    "fibur-2026 deals": N_("the club's own table: fibur-2026 has scales for 2, 3 or 4 "
                           "deals per turn only"),
    "vp table": N_("a list of [upper edge, VP] from the smallest edge up, ending with "
                   "[null, VP], the VP from 10 to 20 and never going down"),
}
