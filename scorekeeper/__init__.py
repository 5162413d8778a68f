"""Scorekeeper: score keeping and rules referee for the Buraco family and Burro.

Nothing web-related is imported here, so ``import scorekeeper.rules`` stays light.
"""

from pathlib import Path

__version__ = "0.1.0"

_HERE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """The folder ``templates``, ``translations`` or ``static``: inside the package when installed
    from a wheel, at the top of the source tree otherwise."""
    inside = _HERE / name
    return inside if inside.is_dir() else _HERE.parent / name
