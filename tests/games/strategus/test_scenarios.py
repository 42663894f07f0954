"""``giganten scenario`` for ``"game": "strategus"`` through the real command.

The public cases (``tests/scenarios/strategus-public.json``, copied from the project's
shared material) and our own (``strategus-cases.json``, each reasoned from
``docs/rules/strategus.md`` and named by the rule ids it checks) are matched as the shared
checker matches them: an expectation is a subset of the answer, except ``figures``,
``destinations`` and ``scout_destinations``, which must be equal; for a setup query
``rules`` under a player is the sorted set of its problems' rule ids. Error paths: exit 2,
nothing on stdout, one line on stderr naming the problem.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.scenario_cases import SCENARIOS, cases, check, run

PUBLIC_CASES = SCENARIOS / "strategus-public.json"
OWN_CASES = SCENARIOS / "strategus-cases.json"
FORMAT = "giganten-scenario/1"


def _cases(path: Path) -> list[dict[str, Any]]:
    return cases(path)


def _check(case: dict[str, Any]) -> None:
    check(case)


@pytest.mark.parametrize("case", _cases(PUBLIC_CASES), ids=lambda c: c["name"])
def test_public_cases(case: dict[str, Any]) -> None:
    """The public Strategus cases pass [B, M, C, W, S]."""
    _check(case)


@pytest.mark.parametrize("case", _cases(OWN_CASES), ids=lambda c: c["name"])
def test_own_cases(case: dict[str, Any]) -> None:
    """Our cases, reasoned from the rules page; each name carries its rule ids."""
    _check(case)


def test_own_cases_are_well_formed_and_cite_rule_ids() -> None:
    cases = _cases(OWN_CASES)
    public = [case["scenario"] for case in _cases(PUBLIC_CASES)]
    assert len(cases) >= 60
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names))
    for case in cases:
        assert set(case) == {"name", "scenario", "expect"}, case["name"]
        assert case["scenario"]["game"] == "strategus", case["name"]
        assert case["scenario"] not in public, case["name"]
        assert re.search(r"\[[A-Z]\d*\]", case["name"]), case["name"]


NOT_IN_SCENARIOS = {"R16": "tests/games/strategus/test_computer.py"}
"""Rulings about what a scenario cannot ask (the computer opponent), and where they are
tested instead."""


def test_every_rule_id_of_the_page_is_checked_by_an_own_case() -> None:
    """Every rule and ruling of ``docs/rules/strategus.md`` names at least one case, but
    those a scenario cannot ask, which are tested where ``NOT_IN_SCENARIOS`` says."""
    root = Path(__file__).resolve().parents[3]
    page = root / "docs" / "rules" / "strategus.md"
    ids = [*re.findall(r"^- \*\*([A-Z]\d+)\*\*", page.read_text("utf-8"), re.M), "F"]
    cited = {rule for case in _cases(OWN_CASES)
             for rule in re.findall(r"\[([A-Z]\d*)\]", case["name"])}
    assert sorted(set(ids) - cited - set(NOT_IN_SCENARIOS)) == []
    for rule, where in NOT_IN_SCENARIOS.items():
        assert rule in ids and f"def test_{rule}_" in (root / where).read_text("utf-8")


def _scenario(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"format": FORMAT, "game": "strategus",
                            "figures": {"e4": "red wolf", "e7": "blue wolf",
                                        "a1": "red apple", "j10": "blue apple"},
                            "to_move": "red"}
    base.update(fields)
    return base


def _figures(**figures: str) -> str:
    return json.dumps(_scenario(figures=figures))


ERRORS: list[tuple[str, str, str]] = [
    ("invalid JSON", '{"format": "giganten-scenario/1", "game": "strategus", "figures": {',
     r"not valid JSON"),
    ("unknown game", json.dumps(_scenario(game="schach")), r"unknown game 'schach'"),
    ("unknown square (rank 0)", _figures(e0="red wolf"), r"'e0' is not a square"),
    ("square off the board (file k)", _figures(k1="red wolf"), r"k1 is not on the 10×10"),
    ("square off the board (rank 11)", _figures(a11="red wolf"), r"a11 is not on the 10×10"),
    ("unknown kind", _figures(e4="red dragon"), r"unknown kind 'dragon' on e4"),
    ("unknown player", _figures(e4="green wolf"), r"unknown player 'green' on e4"),
    ("malformed figure", _figures(e4="wolf"), r"figure on e4 must be \"<player> <kind>\""),
    ("figure not a string", json.dumps(_scenario(figures={"e4": 7})), r"figure on e4"),
    ("two figures on one square (E4 and e4)", _figures(E4="red wolf", e4="blue wolf"),
     r"two figures on e4"),
    ("two figures on one square (duplicate key)",
     '{"format": "giganten-scenario/1", "game": "strategus", "to_move": "red",'
     ' "figures": {"e4": "red wolf", "e4": "blue wolf"}}', r"'e4' appears twice"),
    ("missing figures", json.dumps({"format": FORMAT, "game": "strategus", "to_move": "red"}),
     r'"figures" is required'),
    ("figures not an object", json.dumps(_scenario(figures=["e4"])), r'"figures" must be'),
    ("missing to_move", json.dumps({"format": FORMAT, "game": "strategus", "figures": {}}),
     r'"to_move" is required'),
    ("to_move not a player", json.dumps(_scenario(to_move="yellow")),
     r'"to_move" must be "red" or "blue"'),
    ("unknown query", json.dumps(_scenario(query="hint")), r"unknown query 'hint'"),
    ("both turns and query", json.dumps(_scenario(query="status", turns=[])),
     r'either "turns" or "query"'),
    ("moves query without from", json.dumps(_scenario(query="moves")), r'needs "from"'),
    ("moves query on an empty square", json.dumps(_scenario(query="moves", **{"from": "e5"})),
     r"no figure on e5"),
    ("moves query from a number", json.dumps(_scenario(query="moves", **{"from": 4})),
     r'"from" must be a square name'),
    ("turns not a list", json.dumps(_scenario(turns={"path": ["e4", "e5"]})),
     r'"turns" must be a list'),
    ("turn with an unknown key",
     json.dumps(_scenario(turns=[{"path": ["e4", "e5"], "challenge": "e5"}])),
     r"turn 1: unknown key 'challenge'"),
    ("turn path of three squares", json.dumps(_scenario(turns=[{"path": ["e4", "e5", "e6"]}])),
     r"turn 1: \"path\" names 3 squares"),
    ("turn path not a list", json.dumps(_scenario(turns=[{"path": "e4e5"}])),
     r"turn 1: \"path\" is a list of two squares"),
    ("second turn off the board",
     json.dumps(_scenario(turns=[{"path": ["e4", "e5"]}, {"path": ["e7", "e11"]}])),
     r"turn 2: e11 is not on the 10×10"),
    ("a turn that is not an object", json.dumps(_scenario(turns=["e4-e5"])),
     r"turn 1: a Strategus turn is an object"),
    ("variants", json.dumps(_scenario(variants=["V3"])), r"Strategus has no variants"),
    ("swamp (lakes)", json.dumps(_scenario(swamp=["c5"])), r"Strategus has no swamp"),
    ("view of nobody", json.dumps(_scenario(view="yellow", turns=[])),
     r'"view" must name a player'),
    ("board not an object", json.dumps(_scenario(board=10)), r'"board" must be an object'),
    ("board too large", json.dumps(_scenario(board={"files": 99, "ranks": 10})),
     r"from 1 to 32"),
    ("board size true", json.dumps(_scenario(board={"files": True, "ranks": 10})),
     r"whole numbers"),
]


@pytest.mark.parametrize(("text", "words"), [(t, w) for _, t, w in ERRORS],
                         ids=[e[0] for e in ERRORS])
def test_B1_invalid_scenarios_exit_2_with_one_line(text: str, words: str) -> None:
    """[B1, F, M1] Bad input: exit 2, nothing on stdout, one stderr line naming it."""
    proc = run(text)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert re.search(words, lines[0]), lines[0]
    assert "Traceback" not in proc.stderr


def test_R13_unknown_fields_of_other_games_are_ignored() -> None:
    """The format grows by adding fields: a field Strategus does not read changes nothing."""
    proc = run(json.dumps(_scenario(query="status", turns_made={"red": 3})))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"to_move": "red", "winner": None, "reason": None,
                                       "legal_turns": 4}


def test_S2_a_setup_query_needs_no_to_move() -> None:
    """A setup is checked before anyone moves: ``to_move`` may be left out [S1, S2]."""
    proc = run(json.dumps({"format": FORMAT, "game": "strategus", "query": "setup",
                           "figures": {"a1": "red apple"}}))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["red"]["valid"] is False and answer["blue"]["valid"] is False
    assert {p["rule"] for p in answer["red"]["problems"]} == {"S2"}
