"""The compiled catalogs read outside a request: the command line's messages (the
``scorekeeper`` command's, ``serve``'s and ``db upgrade``'s) in the language asked for
with ``--lang``, English when none is."""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable

from scorekeeper import resource_dir

#: What ``--lang`` takes, and the catalog each reads.
LANGS = {"en": "en", "fr": "fr", "pt": "pt_BR", "pt_BR": "pt_BR", "pt-BR": "pt_BR",
         "pt_PT": "pt_PT", "it": "it"}


def translator(lang: str | None) -> Callable[[str], str]:
    """``gettext`` for ``lang`` from the compiled catalogs; English when absent."""
    if not lang or LANGS.get(lang, "en") == "en":
        return str
    catalog = stdlib_gettext.translation(
        "messages", localedir=str(resource_dir("translations")),
        languages=[LANGS[lang]], fallback=True)
    return catalog.gettext
