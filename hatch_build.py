"""Build hook: the wheel carries compiled translation catalogs (``.mo``), so a plain
``pip install`` answers in French with ``--lang fr``; the ``.po`` files stay the source."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path(self.root, "translations").glob("*/LC_MESSAGES/messages.po")):
            locale = po.parent.parent.name
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=locale)
            # next to its .po: the force-included translations/ folder carries both
            with po.with_suffix(".mo").open("wb") as handle:
                write_mo(handle, catalog)
