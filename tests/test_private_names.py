"""No test reaches into a library's private names (an underscore name of Werkzeug, WTForms,
Flask, SQLAlchemy, Jinja, MarkupSafe and their Flask extensions): a test that patches or
reads one holds the app to that library's version, not to what it promises. A private
name of the libraries is one their own code defines (a function, class, method or
attribute named ``_x``); our own code's underscore names are ours to use."""

from __future__ import annotations

import ast
import importlib.util
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ("werkzeug", "wtforms", "flask", "flask_wtf", "flask_babel", "sqlalchemy", "jinja2",
             "markupsafe")
#: The calls that name an attribute by a string (``getattr(field, "_form")``,
#: ``monkeypatch.setattr(Rule, "_compile_builder", …)``).
BY_NAME = ("getattr", "setattr", "hasattr", "delattr")
#: What a library's source defines under an underscore name: a function or class, an
#: attribute of its own objects, a module's or class's name, an argument.
_DEFINES = re.compile(r"(?:\bdef|\bclass|\b(?:self|cls)\.)\s*(_[A-Za-z]\w*)"
                      r"|^[ \t]*(_[A-Za-z]\w*)\s*(?::[^=\n]*)?=(?!=)"
                      r"|[(,]\s*(_[A-Za-z]\w*)\s*[:=,)]", re.M)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(tree: ast.AST) -> set[str]:
    """The underscore names a module of ours defines: functions, classes, names assigned,
    its own objects' attributes (``self._x = …``), arguments. An attribute it sets on
    another object (``Rule._compile_builder = …``) is not its own."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {name for name in names if _private(name)}


def _trees(folder: Path) -> list[tuple[Path, ast.AST]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
            for path in sorted(folder.rglob("*.py"))]


@cache
def _libraries_private() -> frozenset[str]:
    names: set[str] = set()
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        assert spec is not None, library
        assert spec.origin, library
        for path in Path(spec.origin).parent.rglob("*.py"):
            for found in _DEFINES.finditer(path.read_text(encoding="utf-8")):
                names.add(next(name for name in found.groups() if name))
    return frozenset(name for name in names if _private(name))


def _touched(tree: ast.AST) -> list[tuple[int, str]]:
    """Each underscore name ``tree`` reads or writes on an object or module, or imports."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
            found += [(node.lineno, a.name) for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Call) and len(node.args) >= 2 and \
                isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and _private(node.args[1].value) and (
                    (isinstance(node.func, ast.Name) and node.func.id in BY_NAME)
                    or (isinstance(node.func, ast.Attribute) and node.func.attr in BY_NAME)):
            found.append((node.lineno, node.args[1].value))
    return found


def test_no_test_touches_a_library_s_private_name():
    tests = _trees(ROOT / "tests")
    ours = set().union(*(_defined(tree) for _path, tree in tests + _trees(ROOT / "scorekeeper")))
    theirs = _libraries_private() - ours
    bad = [f"{path.relative_to(ROOT)}:{line}: {name}" for path, tree in tests
           for line, name in _touched(tree) if name in theirs]
    assert not bad, "a library's private name in a test:\n" + "\n".join(bad)


def test_the_check_sees_a_private_name_however_it_is_reached():
    """The names the suite once used: Werkzeug's rule builder, WTForms' field's form."""
    theirs = _libraries_private()
    assert {"_compile_builder", "_form", "_trace", "_converters"} <= theirs
    source = ("from werkzeug.routing.rules import _rule_re\n"
              "Rule._compile_builder = once\n"
              "monkeypatch.setattr(Rule, '_compile_builder', once)\n"
              "getattr(field, '_form')\n")
    assert [name for _line, name in _touched(ast.parse(source))] == [
        "_rule_re", "_compile_builder", "_compile_builder", "_form"]
