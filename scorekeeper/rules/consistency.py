"""Rules that no deal can be played by, refused with the reason (docs/rules.md, "House
rules"): each check names the param at fault and why, as ``inconsistent-rules`` input
errors. The built-in profiles pass every check (tests/rules/test_house.py)."""

from __future__ import annotations

from scorekeeper.rules.problems import InputError
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.states import LongCanastras

#: Canastra categories that must be worth at least as much as the next one: a longer
#: clean canastra is never worth less than a shorter one, a clean one than a semi-clean
#: or a dirty one.
ORDER = (("clean-1000", "clean-500"), ("clean-500", "clean"), ("clean", "semi-clean"),
         ("clean", "dirty"), ("semi-clean", "dirty"))
#: The bonuses of the long clean canastras (``long_canastras``).
LONG = ("clean-500", "clean-1000")


def check_consistency(profile: Profile, field: str = "params") -> None:
    """Raise ``inconsistent-rules`` for the first rule of ``profile`` that cannot be played.

    >>> from dataclasses import replace
    >>> from scorekeeper.rules.profiles import PROFILES
    >>> check_consistency(PROFILES["buraco-aberto"])
    >>> try:
    ...     check_consistency(replace(PROFILES["burraco"], target=500, vulnerable_at=600))
    ... except InputError as err:
    ...     err.params["field"], err.params["reason"]
    ('params.vulnerability.from', 'vulnerable-above-target')
    """
    def refuse(param: str, reason: str, **params: object) -> None:
        """Raise the error: the param at fault, why, and the numbers of why."""
        raise InputError("inconsistent-rules", field=f"{field}.{param}", reason=reason,
                         tradition=profile.tradition, **params)

    bonuses = profile.bonuses
    for category in ("clean", "dirty"):
        if category not in bonuses:
            refuse("bonuses", "missing-category", category=category)
    for better, worse in ORDER:
        if better in bonuses and worse in bonuses and bonuses[better] < bonuses[worse]:
            refuse(f"bonuses.{better}", "bonus-order", category=better, value=bonuses[better],
                   other=worse, other_value=bonuses[worse])
    long = profile.long_canastras != LongCanastras.NONE
    for category in LONG:
        if long and category not in bonuses:
            refuse("bonuses", "long-without-bonus", category=category)
        if not long and category in bonuses:
            refuse("long_canastras", "bonus-without-long", category=category)
    if profile.semi_clean != ("semi-clean" in bonuses):
        refuse("semi_clean", "semi-clean-on" if profile.semi_clean else "semi-clean-off",
               category="semi-clean")
    if profile.vulnerable_at is not None:
        if profile.vulnerable_at >= profile.target:
            refuse("vulnerability.from", "vulnerable-above-target",
                   threshold=profile.vulnerable_at, target=profile.target)
        if profile.opening_minimum > profile.target:
            refuse("vulnerability.opening_minimum", "opening-above-target",
                   minimum=profile.opening_minimum, target=profile.target)
    if profile.morto_piles is not None and profile.morto_piles >= profile.max_sides:
        refuse("morto_piles", "piles-not-fewer", piles=profile.morto_piles,
               most=profile.max_sides)
