"""The rules as a player reads them: each rule of ``rules.describe_profile`` as sentences.

The rules page shows one rule set at a time; each rule (``sides``, ``bonuses``…) is
said here in one or a few full sentences, in the page's language and in the words
of the profile's tradition (``vocabulary.tradition_of``: "br" says canastra, morto
and going out; "it" burraco, pozzetto and closing; "classic" the Italian words, but
its own word for the pile, *puits* in French). A sentence that names such a word is
its own msgid in each tradition (Classic Buraco's pile sentences carry the context
``classic``), so every language can agree articles and adjectives with the word:
*une canastra propre*, *un burraco propre*; *canastra limpa*, *burraco limpo*.

``rule_text`` returns a list of blocks, each a sentence (``str``) or a short list
of them (``list[str]``); ``None`` when it does not know the rule or its value (a
house rule's custom value), so the page shows the rule as data instead. Numbers
are written as the locale writes them (``1 500``, ``1.500``, ``1,500``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rulebook.base import Block, Say
from scorekeeper.rulebook.melds import MELDS
from scorekeeper.rulebook.scoring import SCORING

__all__ = ["Block", "rule_text", "rules_text"]

_RULES = {**MELDS, **SCORING}


def rule_text(key: str, value: Any, rules: Mapping[str, Any], tradition: str,
              translations: Any, locale: str | None) -> list[Block] | None:
    """One rule (``key``, ``value``) of a profile whose rules are ``rules`` (every key's
    value: a rule may need another's, as the bonuses need ``long_canastras``), said in
    the words of ``tradition`` through ``translations`` (anything with ``gettext``,
    ``ngettext``, ``pgettext`` and ``npgettext``: Flask-Babel's ``get_translations()``,
    the standard library's); ``None`` for a rule or value it cannot say."""
    say = _RULES.get(key)
    if say is None:
        return None
    try:
        return say(Say(translations, locale), value, rules, tradition)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def rules_text(rules: Mapping[str, Any], tradition: str, translations: Any,
               locale: str | None) -> dict[str, list[Block] | None]:
    """Every rule of a profile (``{key: value}``) as ``rule_text`` says it."""
    return {key: rule_text(key, value, rules, tradition, translations, locale)
            for key, value in rules.items()}
