"""The sentences of the rules of the score: bonuses, going out, the morto, the opening,
the target and the discard pile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rulebook.base import Block, Say, count, flag, pick
from scorekeeper.rules.states import LongCanastras, PileRule

#: The canastra categories in the order the page lists their bonuses.
BONUS_ORDER = ("clean", "semi-clean", "dirty", "clean-500", "clean-1000")


def _plain_bonus(t: Any, tradition: str, category: str, n: int) -> str | None:
    """The bonus sentence of a clean, semi-clean or dirty canastra (burraco)."""
    if category == "clean":
        return pick(tradition,
                    t.ngettext("A clean canastra, without a wildcard, earns %(num)s point.",
                               "A clean canastra, without a wildcard, earns %(num)s points.", n),
                    t.ngettext("A clean burraco, without a wildcard, earns %(num)s point.",
                               "A clean burraco, without a wildcard, earns %(num)s points.", n))
    if category == "dirty":
        return pick(tradition,
                    t.ngettext("A dirty canastra, with a wildcard, earns %(num)s point.",
                               "A dirty canastra, with a wildcard, earns %(num)s points.", n),
                    t.ngettext("A dirty burraco, with a wildcard, earns %(num)s point.",
                               "A dirty burraco, with a wildcard, earns %(num)s points.", n))
    if category == "semi-clean":
        return pick(tradition, t.ngettext(
            "A semi-clean canastra, of eight cards or more with its wildcard at one end of the "
            "run, earns %(num)s point.",
            "A semi-clean canastra, of eight cards or more with its wildcard at one end of the "
            "run, earns %(num)s points.", n), t.ngettext(
            "A semi-clean burraco, of eight cards or more with its wildcard at one end of the "
            "run, earns %(num)s point.",
            "A semi-clean burraco, of eight cards or more with its wildcard at one end of the "
            "run, earns %(num)s points.", n))
    return None


def _long_bonus(t: Any, tradition: str, category: str, long: Any, n: int) -> str | None:
    """The bonus sentence of a long clean canastra (burraco), as ``long_canastras``
    makes one: by its length, or from the ace laid down in one go."""
    if long == LongCanastras.BY_LENGTH:
        if category == "clean-500":
            return pick(tradition,
                        t.ngettext("A clean canastra of 13 cards earns %(num)s point.",
                                   "A clean canastra of 13 cards earns %(num)s points.", n),
                        t.ngettext("A clean burraco of 13 cards earns %(num)s point.",
                                   "A clean burraco of 13 cards earns %(num)s points.", n))
        return pick(tradition,
                    t.ngettext("A clean canastra of 14 cards earns %(num)s point.",
                               "A clean canastra of 14 cards earns %(num)s points.", n),
                    t.ngettext("A clean burraco of 14 cards earns %(num)s point.",
                               "A clean burraco of 14 cards earns %(num)s points.", n))
    if long != LongCanastras.ACE_TO_KING_IN_ONE_GO:
        return None
    if category == "clean-500":
        return pick(
            tradition,
            t.ngettext("A clean canastra from ace to king, laid down in one go, earns "
                       "%(num)s point.",
                       "A clean canastra from ace to king, laid down in one go, earns "
                       "%(num)s points.", n),
            t.ngettext("A clean burraco from ace to king, laid down in one go, earns "
                       "%(num)s point.",
                       "A clean burraco from ace to king, laid down in one go, earns "
                       "%(num)s points.", n))
    return pick(
        tradition,
        t.ngettext("A clean canastra from ace to ace, laid down in one go, earns "
                   "%(num)s point.",
                   "A clean canastra from ace to ace, laid down in one go, earns "
                   "%(num)s points.", n),
        t.ngettext("A clean burraco from ace to ace, laid down in one go, earns "
                   "%(num)s point.",
                   "A clean burraco from ace to ace, laid down in one go, earns "
                   "%(num)s points.", n))


def _bonuses(say: Say, value: Any, rules: Mapping[str, Any],
             tradition: str) -> list[Block] | None:
    t = say.t
    if not value or any(c not in BONUS_ORDER for c in value):
        return None
    lines = []
    for category in sorted(value, key=BONUS_ORDER.index):
        n = count(value[category])
        if category.startswith("clean-"):
            text = _long_bonus(t, tradition, category, rules.get("long_canastras"), n)
        else:
            text = _plain_bonus(t, tradition, category, n)
        if text is None:
            return None
        lines.append(say.fill(text, num=n))
    return [pick(tradition,
                 t.gettext("A canastra is a meld of seven cards or more; it earns the bonus of "
                           "its best category only."),
                 t.gettext("A burraco is a meld of seven cards or more; it earns the bonus of "
                           "its best category only.")), lines]


def _long_canastras(say: Say, value: Any, rules: Mapping[str, Any],
                    tradition: str) -> list[Block] | None:
    t = say.t
    if value == LongCanastras.BY_LENGTH:
        return [pick(tradition,
                     t.gettext("A clean canastra of 13 or 14 cards earns its own bonus however "
                               "it was built, at once or over several turns."),
                     t.gettext("A clean burraco of 13 or 14 cards earns its own bonus however "
                               "it was built, at once or over several turns."))]
    if value == LongCanastras.ACE_TO_KING_IN_ONE_GO:
        return [pick(tradition,
                     t.gettext("A clean canastra from ace to king or from ace to ace earns its "
                               "own bonus only when laid down in one go; built up over several "
                               "turns, it is an ordinary clean canastra."),
                     t.gettext("A clean burraco from ace to king or from ace to ace earns its "
                               "own bonus only when laid down in one go; built up over several "
                               "turns, it is an ordinary clean burraco."))]
    if value == LongCanastras.NONE:
        return [pick(tradition,
                     t.gettext("Long canastras earn no bonus of their own: a clean canastra "
                               "earns the same bonus whatever its length."),
                     t.gettext("Long burracos earn no bonus of their own: a clean burraco "
                               "earns the same bonus whatever its length."))]
    return None


def _going_out(say: Say, value: Any, rules: Mapping[str, Any],
               tradition: str) -> list[Block] | None:
    t, n = say.t, count(value["bonus"])
    lines: list[Block] = [say.fill(pick(
        tradition,
        t.ngettext("The side that goes out earns %(num)s point.",
                   "The side that goes out earns %(num)s points.", n),
        t.ngettext("The side that closes earns %(num)s point.",
                   "The side that closes earns %(num)s points.", n)), num=n)]
    if value["needs"] == "clean-canastra":
        lines.append(pick(tradition,
                          t.gettext("To go out, a side needs at least one clean canastra."),
                          t.gettext("To close, a side needs at least one clean burraco.")))
    elif value["needs"] == "canastra":
        lines.append(pick(
            tradition, t.gettext("To go out, a side needs at least one canastra, clean or dirty."),
            t.gettext("To close, a side needs at least one burraco, clean or dirty.")))
    else:
        return None
    if flag(value["needs_morto"]):
        lines.append(pick(
            tradition, t.gettext("A side can go out only once it has taken its morto."),
            t.gettext("A side can close only once it has taken its pozzetto."),
            # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
            t.pgettext("classic", "A side can close only once it has taken its pozzetto.")))
    else:
        lines.append(pick(
            tradition, t.gettext("A side can go out without having taken its morto."),
            t.gettext("A side can close without having taken its pozzetto."),
            # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
            t.pgettext("classic", "A side can close without having taken its pozzetto.")))
    lines.append(t.gettext("The last card in hand may be melded or discarded.")
                 if flag(value["by_meld"])
                 else t.gettext("The last card in hand must be discarded, not melded."))
    return lines


def _penalty(rules: Mapping[str, Any]) -> int:
    """The morto penalty, whether the rule holds it alone or with the piles dealt."""
    value = rules.get("morto_penalty")
    return count(value["penalty"] if isinstance(value, Mapping) else value)


def _morto_penalty(say: Say, value: Any, rules: Mapping[str, Any],
                   tradition: str) -> list[Block]:
    t, n = say.t, _penalty(rules)
    lines: list[Block] = [say.fill(pick(
        tradition,
        t.ngettext("A side that has not taken its morto loses %(num)s point.",
                   "A side that has not taken its morto loses %(num)s points.", n),
        t.ngettext("A side that has not taken its pozzetto loses %(num)s point.",
                   "A side that has not taken its pozzetto loses %(num)s points.", n),
        # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
        t.npgettext("classic", "A side that has not taken its pozzetto loses %(num)s point.",
                    "A side that has not taken its pozzetto loses %(num)s points.", n)), num=n)]
    if isinstance(value, Mapping):
        piles = count(value["piles"])
        lines.append(say.fill(pick(
            tradition,
            t.ngettext("Only %(num)s morto is dealt: when more sides play, it goes to the "
                       "first side to empty its hand, and every other side pays the penalty.",
                       "Only %(num)s mortos are dealt: when more sides play, they go to the "
                       "first sides to empty their hands, and every other side pays the "
                       "penalty.", piles),
            t.ngettext("Only %(num)s pozzetto is dealt: when more sides play, it goes to the "
                       "first side to empty its hand, and every other side pays the penalty.",
                       "Only %(num)s pozzetti are dealt: when more sides play, they go to the "
                       "first sides to empty their hands, and every other side pays the "
                       "penalty.", piles),
            # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
            t.npgettext("classic",
                        "Only %(num)s pozzetto is dealt: when more sides play, it goes to the "
                        "first side to empty its hand, and every other side pays the penalty.",
                        "Only %(num)s pozzetti are dealt: when more sides play, they go to the "
                        "first sides to empty their hands, and every other side pays the "
                        "penalty.", piles)), num=piles))
    return lines


def _nobody_pays(say: Say, value: Any, rules: Mapping[str, Any],
                 tradition: str) -> list[Block]:
    t = say.t
    if flag(value):
        return [pick(
            tradition, t.gettext("If no side has taken its morto, nobody pays that penalty."),
            t.gettext("If no side has taken its pozzetto, nobody pays that penalty."),
            # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
            t.pgettext("classic", "If no side has taken its pozzetto, nobody pays that penalty."))]
    return [pick(
        tradition, t.gettext("The penalty is due even if no side has taken its morto."),
        t.gettext("The penalty is due even if no side has taken its pozzetto."),
        # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
        t.pgettext("classic", "The penalty is due even if no side has taken its pozzetto."))]


def _unused_morto(say: Say, value: Any, rules: Mapping[str, Any],
                  tradition: str) -> list[Block]:
    t = say.t
    if not flag(value):
        return [pick(
            tradition, t.gettext("A morto taken but never played is just cards in hand, "
                                 "deducted at their values."),
            t.gettext("A pozzetto taken but never played is just cards in hand, deducted at "
                      "their values."),
            # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
            t.pgettext("classic", "A pozzetto taken but never played is just cards in hand, "
                                  "deducted at their values."))]
    n = _penalty(rules)
    return [say.fill(pick(
        tradition,
        t.ngettext("A morto taken but never played, because another side went out first, "
                   "costs %(num)s point instead of the values of its cards.",
                   "A morto taken but never played, because another side went out first, "
                   "costs %(num)s points instead of the values of its cards.", n),
        t.ngettext("A pozzetto taken but never played, because another side closed first, "
                   "costs %(num)s point instead of the values of its cards.",
                   "A pozzetto taken but never played, because another side closed first, "
                   "costs %(num)s points instead of the values of its cards.", n),
        # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
        t.npgettext("classic",
                    "A pozzetto taken but never played, because another side closed first, "
                    "costs %(num)s point instead of the values of its cards.",
                    "A pozzetto taken but never played, because another side closed first, "
                    "costs %(num)s points instead of the values of its cards.", n)), num=n)]


def _vulnerability(say: Say, value: Any, rules: Mapping[str, Any],
                   tradition: str) -> list[Block]:
    t = say.t
    if value is None:
        return [t.gettext("A side may open with melds of any value.")]
    total, n = count(value["from"]), count(value["opening_minimum"])
    return [say.fill(t.ngettext(
        "A side whose total before the deal is %(total)s or more must open with melds worth at "
        "least %(num)s card point, laid down together, bonuses not counted.",
        "A side whose total before the deal is %(total)s or more must open with melds worth at "
        "least %(num)s card points, laid down together, bonuses not counted.", n),
        total=total, num=n), t.gettext("Below that total, any opening will do.")]


def _target(say: Say, value: Any, rules: Mapping[str, Any], tradition: str) -> list[Block]:
    t, n = say.t, count(value)
    return [say.fill(t.ngettext(
        "The match ends after a deal that brings a side to %(num)s point or more: the highest "
        "total wins, and a tie for the highest total calls for another deal.",
        "The match ends after a deal that brings a side to %(num)s points or more: the highest "
        "total wins, and a tie for the highest total calls for another deal.", n), num=n),
        t.gettext("A new match may choose another target.")]


def _discard_pile(say: Say, value: Any, rules: Mapping[str, Any],
                  tradition: str) -> list[Block] | None:
    t = say.t
    if value == PileRule.FREE:
        return [t.gettext("The whole discard pile may be taken at any turn, without having to "
                          "use its top card.")]
    used = t.gettext("The discard pile is taken whole, and only if its top card is used at "
                     "once: added to one of the side's melds, or melded with two cards from "
                     "the hand.")
    if value == PileRule.TOP_USED:
        return [used]
    if value == PileRule.TOP_USED_WILD_NEW_MELD:
        return [used, t.gettext("A wildcard on top must start a new meld.")]
    return None


#: Each rule of the score, by its key in ``rules.describe_profile``.
SCORING = {
    "bonuses": _bonuses, "long_canastras": _long_canastras, "going_out": _going_out,
    "morto_penalty": _morto_penalty, "nobody_took_nobody_pays": _nobody_pays,
    "unused_morto": _unused_morto, "vulnerability": _vulnerability, "target": _target,
    "discard_pile": _discard_pile,
}
