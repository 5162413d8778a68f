"""Every word the product shows about the game, in each tradition's own words.

The rules core speaks in codes (``clean``, ``not_taken``…); pages, PDFs and sentences
turn them into words here and nowhere else. A profile belongs to a tradition: the
Brazilian games ("br") speak of the *morto*, the *canastra* and going out, the Italian
ones ("it") of the *pozzetto*, the *burraco* and closing; Classic Buraco ("classic")
speaks the Italian words but where its source names the pile otherwise (seed 000:
*puits*). translations/GLOSSARY.md gives each word in each language. The tables hold
msgids (``N_``; ``NP_`` with a context where a word's gender or number changes with the
tradition: a *canastra limpa*, a *burraco limpo*); the functions return lazy strings,
and the command line translates the msgids through ``msgids.translate``.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.msgids import N_, NP_, lazy

TRADITIONS = ("br", "it", "classic")
DEFAULT_TRADITION = "br"
#: Profiles whose words are their own source's rather than their tradition's.
PROFILE_VOCABULARY = {"buraco-classico": "classic"}


def tradition_of(profile_id: Any) -> str:
    """``"br"``, ``"it"`` or ``"classic"`` for a profile id or a profile (whose words to
    use: house rules speak their base's); the default tradition when unknown."""
    from scorekeeper.rules.profiles import PROFILES, Profile

    if isinstance(profile_id, Profile):
        profile_id = profile_id.base or profile_id.id
    if profile_id in PROFILE_VOCABULARY:
        return PROFILE_VOCABULARY[profile_id]
    profile = PROFILES.get(profile_id) if isinstance(profile_id, str) else None
    tradition = profile.tradition if profile is not None else DEFAULT_TRADITION
    return tradition if tradition in TRADITIONS else DEFAULT_TRADITION


def _tradition(tradition: str | None) -> str:
    """A tradition, or a profile id read as its words' tradition."""
    if tradition in TRADITIONS:
        return str(tradition)
    return tradition_of(tradition)


def _word(tables: dict[str, dict[str, str]], tradition: str | None, key: str) -> str | None:
    """A key's msgid in a tradition's table; Classic Buraco falls back on the Italian."""
    name = _tradition(tradition)
    found = tables.get(name, {}).get(key)
    if found is None and name == "classic":
        found = tables.get("it", {}).get(key)
    return found


# -- Profile names ---------------------------------------------------------------------

#: A profile's name on the pages (where the players choose the rules).
PROFILE_NAMES = {
    "buraco-aberto": N_("Buraco Aberto (Brazilian, open)"),
    "buraco-fechado": N_("Buraco Fechado (Brazilian, closed)"),
    "burraco": N_("Italian Burraco"),
    "buraco-classico": N_("Classic Buraco"),
    "burro": N_("Burro"),
}

#: A profile's short name, where the rules are already chosen (PDF headings, footers).
PROFILE_SHORT_NAMES = {
    "buraco-aberto": N_("Buraco Aberto"),
    "buraco-fechado": N_("Buraco Fechado"),
    "burraco": N_("Italian Burraco"),
    "buraco-classico": N_("Classic Buraco"),
    "burro": N_("Burro"),
}


def profile_name(profile_id: str, *, short: bool = False) -> Any:
    """The profile's name, translated when shown (a lazy string)."""
    message = (PROFILE_SHORT_NAMES if short else PROFILE_NAMES).get(profile_id)
    if message is None:
        return profile_id.replace("-", " ").title()
    return lazy(message)


# -- Canastra categories, morto states, game words --------------------------------------

#: Canastra categories (``Profile.categories``) in each tradition's words.
CATEGORY_LABELS: dict[str, dict[str, str]] = {
    "br": {
        "clean": N_("clean canastra"),
        "dirty": N_("dirty canastra"),
        "semi-clean": N_("semi-clean canastra"),
        "clean-500": N_("clean canastra of 500"),
        "clean-1000": N_("clean canastra of 1000"),
    },
    "it": {
        "clean": N_("clean burraco"),
        "dirty": N_("dirty burraco"),
        "semi-clean": N_("semi-clean burraco"),
        "clean-500": N_("clean burraco of 500"),
        "clean-1000": N_("clean burraco of 1000"),
    },
    # TRANSLATORS: Classic Buraco's melds; its French source says "buraco « pur »",
    # "« semi-pur »", "« sale »".
    "classic": {"clean": NP_("classic", "clean burraco"), "dirty": NP_("classic", "dirty burraco"),
                "semi-clean": NP_("classic", "semi-clean burraco")},
}

#: A category under the canastra word (PDF); ``category_short_label`` gives each tradition's.
CATEGORY_SHORT_LABELS = {
    "clean": N_("clean"),
    "dirty": N_("dirty"),
    "semi-clean": N_("semi-clean"), "clean-500": N_("clean A–K"), "clean-1000": N_("clean A–A"),
}

# TRANSLATORS: a category of canastras (feminine in Portuguese and Italian: "limpa",
# "pulita"), after the word canastra or under "Canastra bonuses".
_CANASTRA: dict[str, str] = {"clean": NP_("canastra", "clean"), "dirty": NP_("canastra", "dirty"),
             "semi-clean": NP_("canastra", "semi-clean"),
             "clean-500": NP_("canastra", "clean A–K"), "clean-1000": NP_("canastra", "clean A–A")}
# TRANSLATORS: a category of burracos (masculine in Portuguese and Italian: "limpo",
# "pulito"), after the word burraco or under "Burraco bonuses".
_BURRACO: dict[str, str] = {"clean": NP_("burraco", "clean"), "dirty": NP_("burraco", "dirty"),
            "semi-clean": NP_("burraco", "semi-clean"),
            "clean-500": NP_("burraco", "clean A–K"), "clean-1000": NP_("burraco", "clean A–A")}
CATEGORY_SHORT_BY_TRADITION: dict[str, dict[str, str]] = {"br": _CANASTRA, "it": _BURRACO}
#: The rules page's words for the categories (``rules.describe_profile(…)["bonuses"]`` keys).
CATEGORY_RULE_LABELS: dict[str, dict[str, str]] = {
    "br": {**_CANASTRA, "clean-500": NP_("canastra", "clean of 13 cards"),
           "clean-1000": NP_("canastra", "clean of 14 cards")},
    "it": {**_BURRACO, "clean-500": NP_("burraco", "clean of 13 cards"),
           "clean-1000": NP_("burraco", "clean of 14 cards")},
}

#: Labels of the deal form's count fields (how many canastras of each category).
COUNT_LABELS: dict[str, dict[str, str]] = {
    "br": {
        "clean": N_("Clean canastras"),
        "dirty": N_("Dirty canastras"),
        "semi-clean": N_("Semi-clean canastras"),
        "clean-500": N_("Clean canastras of 13 cards (500)"),
        "clean-1000": N_("Clean canastras of 14 cards (1000)"),
    },
    "it": {
        "clean": N_("Clean burracos"),
        "dirty": N_("Dirty burracos"),
        "semi-clean": N_("Semi-clean burracos"),
        "clean-500": N_("Clean burracos of 13 cards (500)"),
        "clean-1000": N_("Clean burracos of 14 cards (1000)"),
    },
    # TRANSLATORS: Classic Buraco's melds counted, in the words of its meld lines ("clean
    # burraco" in the classic context): its French source says buracos « purs », « sales ».
    "classic": {"clean": NP_("classic", "Clean burracos"),
                "dirty": NP_("classic", "Dirty burracos"),
                "semi-clean": NP_("classic", "Semi-clean burracos")},
}

#: States of a side's morto / pozzetto (``scoring.Morto``).
MORTO_LABELS: dict[str, dict[str, str]] = {
    "br": {
        "taken": N_("morto taken"),
        "not_taken": N_("morto not taken"),
        "unused": N_("morto taken but never played"),
    },
    "it": {
        "taken": N_("pozzetto taken"),
        "not_taken": N_("pozzetto not taken"),
        "unused": N_("pozzetto taken but never played"),
    },
    # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
    "classic": {"taken": NP_("classic", "pozzetto taken"),
                "not_taken": NP_("classic", "pozzetto not taken"),
                "unused": NP_("classic", "pozzetto taken but never played")},
}

#: Single game words, for headings and table columns.
TERMS: dict[str, dict[str, str]] = {
    "br": {
        "canastra": N_("canastra"),
        "canastras": N_("canastras"),
        "morto": N_("morto"),
        "going_out": N_("going out"),
        "go_out": N_("go out"),
        # TRANSLATORS: also a label before a side's typed name ("Sortie : Nous"): a noun.
        "Going_out": N_("Going out"),
        # TRANSLATORS: the scoreboard's column of the going-out bonus.
        "out": N_("out"),
        "Who_went_out": N_("Who went out?"),
        "Morto_first": N_("Who took the morto first?"),
        "Not_taken_first": N_("This side did not take the morto."),
        "Took_morto_first": N_("Took the morto first"),
        # TRANSLATORS: asked at a side's morto when Save finds it unanswered.
        "Ask_morto": N_("Did this side take its morto? Tap the answer."),
        # TRANSLATORS: asked at "Who went out?" when Save finds it unanswered.
        "Ask_went_out": N_("Who went out? Tap a side, or “Nobody: the stock ran out”."),
        "wildcard": N_("wildcard"),
        "Morto": N_("Morto"),
        "Canastras": N_("Canastras"),
        # TRANSLATORS: the house-rules switch; follows "canastra" (feminine in pt and it).
        "Semi_clean": NP_("canastra", "Semi-clean: 8 cards or more, the wildcard at an end"),
        # TRANSLATORS: statistics: the deals a side lost with its morto never taken.
        "Lost_without_morto": N_("Deals lost without taking the morto"),
        # TRANSLATORS: the deal the house-rules page scores both ways.
        "Sample_deal": N_("Side 1 goes out with a clean meld of 7 cards and a dirty one "
                          "holding a joker; side 2 keeps a joker, a K and a 2 in hand and "
                          "never takes its morto."),
    },
    "it": {
        "canastra": N_("burraco"),
        "canastras": N_("burracos"),
        "morto": N_("pozzetto"),
        "going_out": N_("closing"),
        "go_out": N_("close"),
        "Going_out": N_("Closing"),
        "out": N_("closing"),
        "Who_went_out": N_("Who closed?"),
        "Morto_first": N_("Who took the pozzetto first?"),
        "Not_taken_first": N_("This side did not take the pozzetto."),
        "Took_morto_first": N_("Took the pozzetto first"),
        "Ask_morto": N_("Did this side take its pozzetto? Tap the answer."),
        "Ask_went_out": N_("Who closed? Tap a side, or “Nobody: the stock ran out”."),
        "wildcard": N_("pinella or joker"),
        "Morto": N_("Pozzetto"),
        "Canastras": N_("Burracos"),
        # TRANSLATORS: the house-rules switch; follows "burraco" (masculine in pt and it).
        "Semi_clean": NP_("burraco", "Semi-clean: 8 cards or more, the wildcard at an end"),
        "Lost_without_morto": N_("Deals lost without taking the pozzetto"),
        "Sample_deal": N_("Side 1 closes with a clean meld of 7 cards and a dirty one "
                          "holding a joker; side 2 keeps a joker, a K and a 2 in hand and "
                          "never takes its pozzetto."),
    },
}
# TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
TERMS["classic"] = {**TERMS["it"], "morto": NP_("classic", "pozzetto"),
                    "Morto": NP_("classic", "Pozzetto"),
                    "Morto_first": NP_("classic", "Who took the pozzetto first?"),
                    "Not_taken_first": NP_("classic", "This side did not take the pozzetto."),
                    "Took_morto_first": NP_("classic", "Took the pozzetto first"),
                    "Lost_without_morto": NP_("classic", "Deals lost without taking the pozzetto"),
                    "Sample_deal": NP_("classic", "Side 1 closes with a clean meld of 7 cards and "
                                       "a dirty one holding a joker; side 2 keeps a joker, a K "
                                       "and a 2 in hand and never takes its pozzetto."),
                    "Ask_morto": NP_("classic", "Did this side take its pozzetto? Tap the answer.")}


def category_label(category: str, tradition: str | None = DEFAULT_TRADITION) -> Any:
    """``clean`` -> "clean canastra" (br) or "clean burraco" (it), lazily translated."""
    message = category_msgid(category, tradition)
    return category if message == category else lazy(message)


def category_msgid(category: str, tradition: str | None = DEFAULT_TRADITION) -> str:
    """The msgid of ``category_label`` (the category itself when it has none), for a
    caller with a ``gettext`` of its own (the command line)."""
    return _word(CATEGORY_LABELS, tradition, category) or category


def category_short_label(category: str, tradition: str | None = DEFAULT_TRADITION) -> Any:
    """A category alone, where the meld is already named: ``clean`` -> "limpa" under
    *canastras*, "limpo" under *burracos* (Portuguese), lazily translated."""
    message = _word(CATEGORY_SHORT_BY_TRADITION, tradition, category)
    return category if message is None else lazy(message)


def count_label(category: str, tradition: str | None = DEFAULT_TRADITION) -> Any:
    """The deal form's label for the number of canastras (br) / burracos (it) of a
    category: ``clean`` -> "Clean burracos" in an Italian profile."""
    message = _word(COUNT_LABELS, tradition, category)
    return category if message is None else lazy(message)


def morto_label(state: str, tradition: str | None = DEFAULT_TRADITION) -> Any:
    """``not_taken`` -> "morto not taken" (br) or "pozzetto not taken" (it)."""
    message = _word(MORTO_LABELS, tradition, state)
    return state if message is None else lazy(message)


def term(key: str, tradition: str | None = DEFAULT_TRADITION) -> Any:
    """One game word in the tradition's vocabulary (``canastra``, ``morto``…)."""
    message = _word(TERMS, tradition, key)
    return key if message is None else lazy(message)


# -- The rules as data: the words for the keys and values of ``rules.describe_profile`` ----

#: The card values, in the order of their keys (``rules.document.CARD_KEYS``): each key,
#: its word among the rules shown as data (None: the rule's own, ``ace``), on the PDF
#: reminder and the house-rules form, and in the rules page's sentences (None: said in the
#: sentence of the cards left in hand); the key whose value, when equal, the reminder does
#: not repeat.
CARD_VALUES = (
    ("joker", N_("joker"), N_("Joker"), N_("Joker"), None),
    ("wild_two", N_("2 as wildcard"), N_("2 as wildcard"), N_("2 as wildcard"), None),
    ("natural_two", N_("natural 2"), N_("natural 2"), N_("Natural 2"), "wild_two"),
    ("ace", None, N_("A"), N_("Ace"), None),
    ("ace_low", N_("ace below the 2"), N_("A below the 2"), N_("Ace below the 2"), "ace"),
    ("eight_to_king", N_("8 to K"), N_("K Q J 10 9 8"), N_("K Q J 10 9 8"), None),
    ("three_to_seven", N_("3 to 7"), N_("7 6 5 4 3"), N_("7 6 5 4 3"), None),
    ("two_in_hand", N_("2 left in hand"), N_("2 left in hand"), None, "wild_two"),
    ("ace_in_hand", N_("ace left in hand"), N_("A left in hand"), None, "ace"),
)
#: A card value's word on the reminder and the form, and in the sentences, by its key.
CARD_SHOWN = {key: shown for key, _data, shown, _said, _same in CARD_VALUES}
CARD_SAID = {key: said for key, _data, _shown, said, _same in CARD_VALUES}

RULE_LABELS = {
    # rules
    "sides": N_("Sides"),
    "sets_allowed": N_("Sets of one rank allowed"),
    "ace": N_("Ace"),
    "max_run": N_("Longest run"),
    "wildcards_per_meld": N_("Wildcards per meld"),
    "card_points": N_("Card points"),
    "bonuses": N_("Canastra bonuses"),
    "long_canastras": N_("Long clean canastras"),
    "going_out": N_("Going out"),
    "morto_penalty": N_("Morto not taken"),
    "nobody_took_nobody_pays": N_("Nobody took a morto: nobody pays"),
    "unused_morto": N_("A morto taken but never played costs the morto penalty"),
    "vulnerability": N_("Vulnerability"),
    "target": N_("Target"),
    "discard_pile": N_("Discard pile"),
    # sub-keys
    "min": N_("at least"),
    "max": N_("at most"),
    "only": N_("only"),
    "penalty": N_("penalty"),
    "piles": N_("mortos dealt (with 3 or 5 players, to the first two sides out)"),
    **{key: data for key, data, _shown, _said, _same in CARD_VALUES if data},
    "bonus": N_("bonus"),
    "needs": N_("needs"),
    "by_meld": N_("may close by melding the last card"),
    "needs_morto": N_("needs the morto taken"),
    "from": N_("from a total of"),
    "opening_minimum": N_("opening worth at least"),
    # values
    "both-ends": N_("low, high, or both ends of one run"),
    "low-or-high": N_("low or high, never both"),
    "length": N_("by length (13 cards: 500, 14 cards: 1000)"),
    "ace-to-king-in-one-go": N_("A to K laid down in one go: 500; A to A: 1000"),
    "none": N_("none"),
    "free": N_("taken whole, at any turn"),
    "top-used": N_("taken whole, its top card used at once"),
    "top-used-wild-new-meld": N_("taken whole, its top card used at once; a wildcard on top "
                                 "starts a new meld"),
    "canastra": N_("a canastra"),
    "clean-canastra": N_("a clean canastra"),
    # deal breakdown and categories
    "run": N_("run"),
    "set": N_("set"),
    "taken": N_("taken"),
    "not_taken": N_("not taken"),
    "unused": N_("taken but never played"),
}

#: Where a rule label names a game term, the Italian tradition's own words.
TRADITION_RULE_LABELS: dict[str, dict[str, str]] = {
    "it": {
        "bonuses": N_("Burraco bonuses"),
        "long_canastras": N_("Long clean burracos"),
        "going_out": N_("Closing"),
        "morto_penalty": N_("Pozzetto not taken"),
        "nobody_took_nobody_pays": N_("Nobody took a pozzetto: nobody pays"),
        "unused_morto": N_("A pozzetto taken but never played costs the pozzetto penalty"),
        "needs_morto": N_("needs the pozzetto taken"),
        "canastra": N_("a burraco"),
        "clean-canastra": N_("a clean burraco"),
        "piles": N_("pozzetti dealt (with 3 or 5 players, to the first two sides out)"),
    },
    # TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
    "classic": {
        "morto_penalty": NP_("classic", "Pozzetto not taken"),
        "nobody_took_nobody_pays": NP_("classic", "Nobody took a pozzetto: nobody pays"),
        "unused_morto": NP_(
            "classic", "A pozzetto taken but never played costs the pozzetto penalty"),
        "needs_morto": NP_("classic", "needs the pozzetto taken"),
        "piles": NP_("classic",
                     "pozzetti dealt (with 3 or 5 players, to the first two sides out)"),
    },
}

YES, NO = N_("yes"), N_("no")


def rule_label(key: Any, tradition: str | None = None) -> Any:
    """The word for a rule key or value, in the tradition's own words where they differ
    (pozzetto, burraco…); booleans as yes/no; ``None`` as a dash; anything else as it is."""
    if isinstance(key, bool):
        return lazy(YES if key else NO)
    if key is None:
        return "—"
    if not isinstance(key, str):
        return str(key)
    message = None
    if tradition is not None:
        message = (_word(TRADITION_RULE_LABELS, tradition, key)
                   or _word(CATEGORY_RULE_LABELS, tradition, key))
    message = message or RULE_LABELS.get(key)
    return key if message is None else lazy(message)
