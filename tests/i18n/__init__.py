"""Translations: catalogs, the players' words, cards and numbers per locale."""
