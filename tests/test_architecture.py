"""The shape of the code (ARCHITECTURE.md): who may import whom, how large things grow,
where rule knowledge lives, and that the documented examples still hold."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
TEMPLATES = ROOT / "templates"

#: Generated from Alembic's template: the schema as data, one statement after another.
GENERATED = ("migrations/versions/",)
#: The meld search keeps its hot loop in one piece (rules/melds.py: bit masks, no calls).
LONG_FUNCTIONS_ALLOWED = {("rules/melds.py", "_runs")}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    package = _module_name(path).rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    sources = _sources()
    return {name: {m for m in _imports(path) if m in sources and m != name}
            for name, path in sources.items()}


def test_the_import_graph_has_no_cycle():
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert cycles == []


def _table_rows() -> list[tuple[list[str], str]]:
    """ARCHITECTURE.md's table of what each module may import: the modules a row names
    (``scorekeeper/x.py`` and the ``y.py`` after it), and its "may import" cell."""
    rows = []
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`scorekeeper/"):
            continue
        files = re.findall(r"`(?:scorekeeper/)?([a-z0-9_]+)\.py`", cells[0])
        rows.append((files, cells[2]))
    return rows


def test_each_module_imports_only_what_the_architecture_table_says():
    """A row's modules import, of the package, only what its last cell names in code
    (`rules`, `scorekeeper.pdf`, …) or its own row; "everything" allows anything, and a
    cell naming none of the package (the standard library, SQLAlchemy) allows none."""
    sources = _sources()
    rows = _table_rows()
    assert len(rows) >= 30, "ARCHITECTURE.md's table was not read"
    wrong = []
    for files, cell in rows:
        if "everything" in cell:
            continue
        named = {n.removeprefix("scorekeeper.").split(".")[0]
                 for n in re.findall(r"`([a-z0-9_.]+)`", cell)}
        allowed = named | set(files)
        for file in files:
            source = sources.get(f"scorekeeper.{file}")
            assert source is not None, f"ARCHITECTURE.md names scorekeeper/{file}.py"
            used = {m.split(".")[1] for m in _imports(source) if m.startswith("scorekeeper.")
                    and ".".join(m.split(".")[:2]) in sources}
            wrong += [f"{file} imports {u}" for u in sorted(used - allowed)]
    assert wrong == []


def test_the_rules_core_imports_only_the_standard_library_and_itself():
    for name, path in _sources().items():
        if not name.startswith("scorekeeper.rules"):
            continue
        for module in _imports(path):
            top = module.split(".")[0]
            assert module.startswith("scorekeeper.rules") or (
                top in sys.stdlib_module_names and top != "scorekeeper"), (name, module)


def test_the_web_layer_uses_only_the_pdf_package_public_face():
    for name, path in _sources().items():
        if name.startswith("scorekeeper.web"):
            private = [m for m in _imports(path) if m.startswith("scorekeeper.pdf.")
                       and m.split(".")[2][:1].islower() and m.count(".") >= 2
                       and (PACKAGE / "pdf" / f"{m.split('.')[2]}.py").exists()]
            assert private == [], name


def test_no_script_is_over_400_lines():
    """The 400-line rule holds for the JavaScript too: one feature a script (the offline
    pack, built from npm's Pyodide, is not ours)."""
    scripts = [p for p in (PACKAGE / "static" / "js").rglob("*.js")]
    assert len(scripts) >= 10
    for path in scripts:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, (str(path.relative_to(ROOT)), lines)


def test_no_module_is_over_400_lines():
    for path in PACKAGE.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, (str(path.relative_to(ROOT)), lines)


def test_no_function_is_over_60_lines():
    for path in PACKAGE.rglob("*.py"):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(GENERATED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if (where, node.name) not in LONG_FUNCTIONS_ALLOWED:
                    assert length <= 60, (where, node.name, length)


def test_every_public_function_of_the_rules_core_says_what_it_does():
    for path in (PACKAGE / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                assert ast.get_docstring(node), (path.name, node.name)


# -- Rule knowledge lives in scorekeeper/rules only ----------------------------------------

#: The ids of the built-in profiles, and numbers that only a rule can mean (targets,
#: the vulnerability threshold, the opening minimum, the semi-clean bonus).
PROFILE_IDS = re.compile(r"buraco-aberto|buraco-fechado|buraco-classico|[\"']burraco[\"']")
RULE_NUMBERS = re.compile(r"(?<![\w.#-])(75|150|1500|2005|3000|−100)(?![\w%])")
RULE_SWITCHES = re.compile(r"profile\.\w+\s*[!=]=\s*[\"']|ace-to-king-in-one-go|top-used")
PROFILE_NAMES = ("Buraco Aberto", "Buraco Fechado", "Italian Burraco", "Classic Buraco")


def _presentation_files() -> list[Path]:
    web = [p for p in (PACKAGE / "web").rglob("*.py")]
    pdf = [p for p in (PACKAGE / "pdf").rglob("*.py")] if (PACKAGE / "pdf").is_dir() else []
    return [*web, *pdf, PACKAGE / "forms.py", *TEMPLATES.rglob("*.html")]


@pytest.mark.parametrize("path", _presentation_files(), ids=lambda p: p.name)
def test_pages_and_pdfs_ask_the_profile(path):
    text = path.read_text(encoding="utf-8")
    assert PROFILE_IDS.findall(text) == [], path.name
    assert RULE_NUMBERS.findall(text) == [], path.name
    assert RULE_SWITCHES.findall(text) == [], path.name


def test_sentences_carry_no_amount_of_a_rule():
    from scorekeeper import messages, vocabulary

    sentences = [*messages.PROBLEM_MESSAGES.values(), *messages.PROBLEM_MESSAGES_IT.values(),
                 *vocabulary.RULE_LABELS.values(),
                 *vocabulary.TRADITION_RULE_LABELS["it"].values()]
    for sentence in sentences:
        assert not RULE_NUMBERS.search(sentence), sentence
        assert not any(name in sentence for name in PROFILE_NAMES), sentence


#: A bound of the rules retyped outside its home (``rules/document.py``: the target's range,
#: a card's or a bonus's largest value, the numbers of sides; ``rules/burro.py``: players):
#: ``100000``, ``10_000``, ``min=100``, a form's ``max_entries=5``, ``100 <= target <= …``,
#: ``len(sides) <= 5``, a form's range of counts (``NumberRange(min=0, max=20)``:
#: ``rules/limits.py``).
RULE_BOUNDS = re.compile(r"(?<![\w.])-?(?:100_?000|10_?000)(?![\w])|\bmin=100\b|_entries=\d"
                         r"|\b\d+\s*<=\s*\w+\s*<=\s*\d+"
                         r"|len\((?:sides|players|seats)\)\s*[<>]=?\s*\d"
                         r"|NumberRange\([^)]*(?:min|max)=-?[1-9]\d")
#: The doors a number comes in by, besides the pages, PDFs and forms.
DOORS = ("entry.py", "documents.py", "cli.py", "phone.py")


def _scripts() -> list[Path]:
    """Every script of ours: the pages' and the service worker's (not the offline pack)."""
    static = PACKAGE / "static"
    return [*(p for p in (static / "js").rglob("*.js")), TEMPLATES / "sw.js"]


@pytest.mark.parametrize("path", [*_presentation_files(), *(PACKAGE / d for d in DOORS),
                                  *_scripts()], ids=lambda p: p.name)
def test_no_bound_of_the_rules_is_retyped(path):
    """A bound is imported from its one home (or handed to a script by the server), so a
    change of the rules changes every door at once."""
    assert RULE_BOUNDS.findall(path.read_text(encoding="utf-8")) == [], path.name


#: What a script must not know (ARCHITECTURE.md, "Things we do not do"): where a target
#: may go, what a card is (a pattern of ranks: ``[2-9AJQK]``, ``10|…``), who deals next
#: (counting round the seats: ``% seats.length``, ``(dealer + 1) %``), which ranks and suits
#: there are and in what order (the card picker reads them from the page: ``cardtext.deck``).
SCRIPT_RULES = {
    "a bound of the rules": re.compile(r"target_range|\b(?:MIN|MAX)_(?:TARGET|SIDES|POINTS)\b"
                                       r"|(?<![\w.])(?:100_?000|10_?000)(?![\w])"),
    "a card pattern": re.compile(r"2-9|\(10\||\|10\)|\[[AKQJ2-9]{3,}\]|\[SHDC\]"),
    "the deck listed": re.compile(r"\"J\",\s*\"Q\",\s*\"K\"|\\u266[0356]|[♠♥♦♣]|% 13\b"),
    "a turn counted round the seats": re.compile(
        r"%\s*(?:\w+\.)?(?:seats|players|sides|around|round)\b"
        r"|(?:dealer|seat|at)\s*\+\s*1\)?\s*%"),
}


@pytest.mark.parametrize("path", _scripts(), ids=lambda p: p.name)
def test_no_script_holds_a_rule(path):
    """The scripts carry data and draw: the server (or the phone's Python) decides."""
    text = path.read_text(encoding="utf-8")
    found = {what: pattern.findall(text) for what, pattern in SCRIPT_RULES.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}, path.name


def test_the_script_rules_are_seen():
    """Each pattern finds what it is meant to (the lines these scripts once held)."""
    once = {"a bound of the rules": "var range = setup.target_range || [100, 100000];",
            "a card pattern": "var m = /^(10|[2-9AJQK])([SHDC])(\\*?)$/i.exec(card);",
            "a turn counted round the seats":
                "who[1].textContent = seats[(at + 1) % seats.length];",
            "the deck listed":
                'var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];'}
    assert SCRIPT_RULES["the deck listed"].search('var SYM = {S: "\\u2660", H: "\\u2665"};')
    assert SCRIPT_RULES["a turn counted round the seats"].search(
        "var picked = round[by % round.length];")
    assert SCRIPT_RULES["the deck listed"].search("out.push(pad.card(RANKS[i % 13], pad.suit));")
    for what, line in once.items():
        assert SCRIPT_RULES[what].search(line), what
    assert RULE_BOUNDS.search("_need(_whole(target) and 100 <= target <= 100000, …)")
    assert RULE_BOUNDS.search("validators=[Optional(), NumberRange(min=100, max=MAX_TARGET)]")
    assert RULE_BOUNDS.search("sides = FieldList(FormField(SideEntry), min_entries=5)")
    assert RULE_BOUNDS.search("IntegerField(label, validators=[NumberRange(min=0, max=20)])")


#: An evening's rule typed outside ``rules/`` (issue of one home per idea: the movements are
#: a registry, ``rules/movements.py``, with the plans the forms offer, ``rules/plans.py``,
#: and the bye's default VP, ``rules/vptables.py``): a movement told by its name or compared
#: by its id, movements listed, a plan entry written by hand, the bye's 10 VP, a Danese's
#: groups counted in tables, a movement's own constant (its players, an individual
#: evening's one movement, the pairs' movements).
_MOVEMENT_IDS = r"(?:mitchell|danese|danese-modified|round-robin|individual-8)"
EVENING_RULES = {
    "a Danese told by its name": re.compile(r"startswith\(\s*[\"']danese|[\"']danese[\"']\s+in\b"),
    "a movement compared by its id": re.compile(
        rf"[!=]=\s*[\"']{_MOVEMENT_IDS}[\"']|[\"']{_MOVEMENT_IDS}[\"']\s*[!=]="
        rf"|\bin\s+[(\[{{]\s*[\"']{_MOVEMENT_IDS}[\"']"),
    "movements listed": re.compile(
        rf"[\"']{_MOVEMENT_IDS}[\"']\s*[,)\]]\s*[(\[]?\s*[\"']{_MOVEMENT_IDS}[\"']"),
    "a plan entry written by hand": re.compile(
        rf"[\"']movement[\"']\s*:\s*[\"']{_MOVEMENT_IDS}[\"']"),
    "the bye's VP typed": re.compile(r"bye_vp\b[^\n]*?(?<![\w.])10(?![\w.])"),
    "a Danese's groups counted in tables": re.compile(
        r"\b2\s*\*\s*\w*groups\b|\b\w*groups\s*\*\s*2\b"),
    "a movement's own constant": re.compile(
        r"\bINDIVIDUAL_(?:8_PLAYERS|MOVEMENT)\b|\bPAIR_MOVEMENTS\b"),
}


def _outside_the_rules() -> list[Path]:
    """Every module, template and script of ours but the rules core's."""
    return [*(p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts),
            *TEMPLATES.rglob("*.html"), *_scripts()]


@pytest.mark.parametrize("path", _outside_the_rules(), ids=lambda p: p.name)
def test_no_evening_rule_outside_the_rules(path):
    """Which movements there are, what each takes, which kind of evening it seats, how a
    Danese cuts its groups and what a bye is worth are the referee's: the forms, pages,
    papers and the command ask ``rules.movements``, ``rules.plans`` and ``rules.vptables``,
    so that a movement added to the registry reaches every door at once. A documented
    example (a doctest's document) is no rule."""
    text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.lstrip().startswith((">>>", "...")))
    found = {what: pattern.findall(text) for what, pattern in EVENING_RULES.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}, path.name


def test_the_evening_rules_are_seen():
    """Each pattern finds what it is meant to (the lines the forms and views once held)."""
    once = {
        "a Danese told by its name": '    return str(name).startswith("danese")',
        "a movement compared by its id": '    if name == "mitchell":',
        "movements listed": 'PAIR = ("mitchell", "danese", "danese-modified", "round-robin")',
        "a plan entry written by hand": 'plan = [{"movement": "mitchell", "shift": 1}] * turns',
        "the bye's VP typed": '"bye_vp": 10 if form.bye_vp.data is None else form.bye_vp.data,',
        "a Danese's groups counted in tables":
            "    return groups > 1 and 0 < entrants < 2 * groups",
        "a movement's own constant":
            "    most = INDIVIDUAL_8_PLAYERS if kind == INDIVIDUAL else MAX_ENTRANTS",
    }
    for what, line in once.items():
        assert EVENING_RULES[what].search(line), what
    assert EVENING_RULES["movements listed"].search(
        'MOVEMENTS = {"mitchell-danese": ("mitchell", "danese-modified"),')
    assert EVENING_RULES["the bye's VP typed"].search(
        '"bye_vp": doc.get("bye_vp", 10), "entrants": _entrants(doc),')
    assert EVENING_RULES["the bye's VP typed"].search(
        'bye_vp = IntegerField(_l("Victory points of a pair that sits out a turn"), default=10,')
    assert EVENING_RULES["a movement compared by its id"].search(
        "(form.kind.data == INDIVIDUAL) != (form.movement.data == 'individual-8')")
    # words keyed by a movement's id, and an evening's other numbers, are no rule
    for line in ('MOVEMENTS = {"mitchell": N_("Mitchell"), "danese": N_("Danish"),',
                 '"bye_vp": BYE_VP if form.bye_vp.data is None else form.bye_vp.data,',
                 "{{ turn.bye_vp }} {{ _('VP') }}", "MAX_TURNS, MAX_GROUPS = 30, 12"):
        assert not any(p.search(line) for p in EVENING_RULES.values()), line


#: What a script must not know of a new match's words (ARCHITECTURE.md, "Things we do not
#: do"): the phone's referee reads a new match form as the server does
#: (``scorekeeper.newmatch``), and the pages of a match set up without a network are
#: filled in with its words as data (``static/js/shell.js``), never written over as text;
#: a number a script changes is in an element of its own (``numbered`` in the templates).
SCRIPT_WORDS = {
    "the default side names": re.compile(r"[\"'](?:Us|Them)[\"']"),
    "a side named after its players": re.compile(r"[\"'] & [\"']"),
    "a match named after its sides": re.compile(r"\\u00d7|×"),
    "a name's invisible characters": re.compile(r"\\u(?:00ad|180e|200b|2060|feff)"),
    "a target checked": re.compile(r"/\^\\d[+*]\$/"),
    "thousands grouped": re.compile(r"\\d\{3\}|NumberFormat|\bdigits\(|\bthousands\b"),
    "a number found among the words": re.compile(r"/\\d\+/"),
    "a kept page written over as text": re.compile(
        r"\bownWords\b|\b99[,. ]?991\b|__(?:match_name|side_|players_)|\bescaped\("
        r"|\bhtml\.(?:split|replace)\(|\bhit\.text\(\)\.then\(function \(html\)"),
}


@pytest.mark.parametrize("path", _scripts(), ids=lambda p: p.name)
def test_no_script_makes_a_new_matchs_words(path):
    """The names a new match takes, its target and how its numbers are written are the
    Python's to say (the server's, or the phone's referee's); the scripts carry them."""
    text = path.read_text(encoding="utf-8")
    found = {what: pattern.findall(text) for what, pattern in SCRIPT_WORDS.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}, path.name


def test_the_script_words_are_seen():
    """Each pattern finds what it is meant to (the lines the service worker once held)."""
    once = {
        "the default side names": 'var defaults = ["Us", "Them"];',
        "a side named after its players": 'sides.push({name: name || players.join(" & ")});',
        "a match named after its sides": 'name = names.join(" \\u00d7 ");',
        "a name's invisible characters":
            r"return text.replace(/[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g, '');",
        "a target checked": r"if (typed && !/^\d+$/.test(typed)) { return null; }",
        "thousands grouped": r"return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);",
        "a number found among the words":
            "link.textContent = first.replace(/\\d+/, String(number));",
        "a kept page written over as text":
            "swaps.forEach(function (swap) { html = html.split(swap[0]).join(swap[1]); });",
    }
    for what, line in once.items():
        assert SCRIPT_WORDS[what].search(line), what
    pattern = SCRIPT_WORDS["a kept page written over as text"]
    assert pattern.search("return new Response(SKSetup.ownWords(html, entry, shell, path));")
    assert pattern.search("[digits(match.sample, match.thousands), '99,991']")
    assert pattern.search("hit.text().then(function (html) {")


# -- The documented examples still hold ----------------------------------------------------

#: Every module with an example in its docstrings (a line starting ``>>>``), found by it.
DOCTESTED = sorted(
    _module_name(p) for p in PACKAGE.rglob("*.py")
    if re.search(r"^\s*>>> ", p.read_text(encoding="utf-8"), re.MULTILINE))


def test_the_documented_examples_are_found():
    assert len(DOCTESTED) >= 15, DOCTESTED
    assert {"scorekeeper.rules.scoring", "scorekeeper.seating", "scorekeeper.standings"} <= set(
        DOCTESTED)


@pytest.mark.parametrize("name", DOCTESTED)
def test_doctests(name):
    """Each module's examples run, and hold: a module whose examples doctest cannot find
    (a docstring it never reads) fails rather than passing on nothing."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name}: no example found by doctest"
    assert result.failed == 0
