"""The sentences of the rules of the melds and the cards: sides, sets, the ace, runs,
wildcards, card points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rulebook.base import Block, Say, count, flag, pick
from scorekeeper.vocabulary import CARD_SAID


def _sides(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block]:
    t = say.t
    low, high = count(value["min"]), count(value["max"])
    if value.get("only"):
        counts = say.list_or([count(n) for n in value["only"]])
        first = say.fill(t.gettext("The game is played by %(counts)s sides."), counts=counts)
    elif low == high:
        first = say.fill(t.ngettext("The game is played by %(num)s side.",
                                    "The game is played by %(num)s sides.", high), num=high)
    else:
        first = say.fill(t.ngettext("The game is played by %(min)s to %(num)s side.",
                                    "The game is played by %(min)s to %(num)s sides.", high),
                         min=low, num=high)
    return [first, t.gettext("Each side is a single player or a partnership.")]


def _sets(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block]:
    t = say.t
    if flag(value):
        return [t.gettext("Runs of one suit and sets of one rank can both be melded."),
                t.gettext("A set needs at least two natural cards and cannot be made of 2s.")]
    return [t.gettext("Only runs of one suit can be melded; sets of one rank cannot.")]


def _ace(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block] | None:
    t = say.t
    sentences = {
        "both-ends": t.gettext("The ace goes below the 2 or above the king, and a run may "
                               "have one at each end, from ace to ace."),
        "low-or-high": t.gettext("The ace goes below the 2 or above the king, never at both "
                                 "ends of one run."),
    }
    if value not in sentences:
        return None
    return [sentences[value], t.gettext("A run never wraps around from the king to the 2.")]


def _max_run(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block]:
    n = count(value)
    return [say.fill(say.t.ngettext("A run has at most %(num)s card.",
                                    "A run has at most %(num)s cards.", n), num=n)]


def _wildcards(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block]:
    t, n = say.t, count(value)
    if n == 1:
        first = pick(tradition, t.gettext("A meld holds at most one wildcard: a joker or a 2."),
                     t.gettext("A meld holds at most one wildcard: a joker or a pinella."))
    else:
        first = say.fill(t.ngettext("A meld holds at most %(num)s wildcard.",
                                    "A meld holds at most %(num)s wildcards.", n), num=n)
    if n < 1:
        return [first]
    return [first, t.gettext("A 2 of the run's own suit in its own place, between the ace and "
                             "the 3, is a natural card, so the run may still hold a wildcard.")]


def _card_labels(say: Say, p: Mapping[str, Any], tradition: str) -> list[tuple[str, int]]:
    """Each card value of the table with its label (``vocabulary.CARD_SAID``); equal values
    said once."""
    t, said = say.t, {key: say.t.gettext(label) for key, label in CARD_SAID.items() if label}
    labels = [(said["joker"], count(p["joker"]))]
    if count(p["wild_two"]) == count(p["natural_two"]):
        labels.append((pick(tradition, t.gettext("2, wildcard or natural"),
                            t.gettext("2, pinella or natural")), p["wild_two"]))
    else:
        labels += [(pick(tradition, said["wild_two"],
                         t.gettext("Pinella (a 2 as wildcard)")), p["wild_two"]),
                   (said["natural_two"], p["natural_two"])]
    labels.append((said["ace"], count(p["ace"])))
    if count(p["ace_low"]) != p["ace"]:
        labels.append((said["ace_low"], p["ace_low"]))
    return [*labels, (said["eight_to_king"], count(p["eight_to_king"])),
            (said["three_to_seven"], count(p["three_to_seven"]))]


def _card_points(say: Say, value: Any, rules: Mapping[str, Any],
                 tradition: str) -> list[Block]:
    t = say.t
    items = [say.fill(t.ngettext("%(card)s: %(num)s point", "%(card)s: %(num)s points", n),
                      card=label, num=n) for label, n in _card_labels(say, value, tradition)]
    two, ace = count(value["two_in_hand"]), count(value["ace_in_hand"])
    if two == value["wild_two"] == value["natural_two"] and ace == value["ace"] == value["ace_low"]:
        hand = t.gettext("Cards left in hand are deducted from the side's score at the same "
                         "values.")
    else:
        hand = say.fill(t.gettext("Cards left in hand are deducted from the side's score: a 2 "
                                  "counts %(two)s, an ace %(ace)s, any other card as on the "
                                  "table."), two=two, ace=ace)
    return [t.gettext("On the table, each card is worth:"), items, hand]


#: Each rule of the melds and cards, by its key in ``rules.describe_profile``.
MELDS = {
    "sides": _sides, "sets_allowed": _sets, "ace": _ace, "max_run": _max_run,
    "wildcards_per_meld": _wildcards, "card_points": _card_points,
}
