"""``giganten scenario`` for ``"game": "gimmel"``, through the real command.

The public cases (copied from the shared material into ``tests/scenarios``) and our own
(``tests/scenarios/gimmel-cases.json``, each reasoned from ``docs/rules/gimmel.md`` and
naming the rule ids it checks) run through ``giganten scenario -``; an expectation is
matched as ``scripts/check-scenarios`` does (``tests/scenario_cases.py``). The error
paths exit 2 with one line on stderr and nothing on stdout.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.scenario_cases import SCENARIOS, cases, check, run

PUBLIC = SCENARIOS / "gimmel-public.json"
CASES = SCENARIOS / "gimmel-cases.json"
FORMAT = "giganten-scenario/1"


def _cases(path: Path) -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in cases(path)]


def test_the_case_files_are_there_and_well_formed() -> None:
    public = json.loads(PUBLIC.read_text("utf-8"))
    own = json.loads(CASES.read_text("utf-8"))
    assert len(public) >= 6 and len(own) >= 40
    names = [case["name"] for case in public + own]
    assert len(names) == len(set(names))
    for case in own:
        assert set(case) == {"name", "scenario", "expect"}
        assert case["scenario"]["game"] == "gimmel" and case["scenario"]["format"] == FORMAT
        assert case["scenario"] not in [c["scenario"] for c in public], case["name"]


@pytest.mark.parametrize("case", _cases(PUBLIC) + _cases(CASES))
def test_rule_case(case: dict[str, Any]) -> None:
    """Every case's answer matches its expectation [rules S, T, M, E, V, R]."""
    check(case)


def test_the_answer_has_every_field_of_the_format() -> None:
    proc = run(json.dumps({"format": FORMAT, "game": "gimmel", "figures": {},
                           "to_move": "white", "turns": [{"place": {"a1": "beetle"}}]}))
    answer = json.loads(proc.stdout)
    assert set(answer) == {"turns", "figures", "hand", "score", "to_move", "winner", "reason"}
    assert answer["turns"] == [{"legal": True, "captured": None, "winner": None}]


def _gimmel(**fields: Any) -> str:
    base: dict[str, Any] = {"format": FORMAT, "game": "gimmel", "board": {"files": 8,
                            "ranks": 8}, "figures": {"e4": "white beetle"}, "to_move": "white"}
    base.update(fields)
    return json.dumps(base)


ERRORS: list[tuple[str, str, str]] = [
    ("unknown kind", _gimmel(figures={"e4": "white pharaoh"}), r"unknown Gimmel kind"),
    ("unknown player", _gimmel(figures={"e4": "red beetle"}), r"unknown Gimmel player"),
    ("figure not two words", _gimmel(figures={"e4": "beetle"}), r"<player> <kind>"),
    ("square off the board", _gimmel(figures={"i9": "white beetle"}), r"not on the 8×8"),
    ("not a square", _gimmel(figures={"4e": "white beetle"}), r"not a square name"),
    ("one square twice", _gimmel(figures={"e4": "white beetle", "E4": "black cat"}),
     r"two stones on e4"),
    ("unknown variant", _gimmel(variants=["short"]), r"unknown Gimmel variant"),
    ("board too big", _gimmel(board={"files": 33, "ranks": 8}), r"from 1 to 32"),
    ("board not a number", _gimmel(board={"files": "8", "ranks": 8}), r"whole numbers"),
    ("too many beetles", _gimmel(figures={s: "white beetle" for s in
                                          ("a1", "a2", "a3", "a4", "a5")}),
     r"white has 5 beetle on the board and 0 in hand, but a set has 4"),
    ("hand too big", _gimmel(hand={"black": {"falcon": 5}}), r"a set has 4"),
    ("hand negative", _gimmel(hand={"black": {"falcon": -1}}), r"whole number"),
    ("hand not an object", _gimmel(hand={"black": 3}), r"hand of black must be an object"),
    ("score not a number", _gimmel(score={"white": "3"}), r"score of white"),
    ("both reached the target", _gimmel(score={"white": 30, "black": 31}),
     r"both players cannot have reached 30"),
    ("unknown to_move", _gimmel(to_move="green"), r"unknown Gimmel player"),
    ("turn both place and path", _gimmel(turns=[{"place": {"a1": "cat"},
                                                 "path": ["e4", "e5"]}]),
     r"turn 1: a Gimmel turn is"),
    ("turn places two", _gimmel(turns=[{"place": {"a1": "cat", "a2": "cat"}}]),
     r"turn 1: \"place\" names one square"),
    ("turn path of three", _gimmel(turns=[{"path": ["e4", "e5", "e6"]}]),
     r"turn 1: \"path\" is two squares"),
    ("turn off the board", _gimmel(turns=[{"path": ["e4", "e9"]}]), r"turn 1: e9 is not on"),
    ("turns not a list", _gimmel(turns={"path": ["e4", "e5"]}), r"\"turns\" must be a list"),
    ("turns and query", _gimmel(turns=[], query="status"), r"either \"turns\" or \"query\""),
    ("setup query", _gimmel(query="setup"), r"Gimmel has no setup"),
    ("unknown query", _gimmel(query="hint"), r"unknown query 'hint'"),
    ("moves without from", _gimmel(query="moves"), r"needs \"from\""),
    ("moves from empty", _gimmel(query="moves", **{"from": "a1"}), r"no stone on a1"),
    ("view of a stranger", _gimmel(view="red"), r"\"view\" must name a player"),
    ("figures not an object", _gimmel(figures=["e4"]), r"\"figures\" must be an object"),
]


@pytest.mark.parametrize(("text", "pattern"), [(t, p) for _, t, p in ERRORS],
                         ids=[name for name, _, _ in ERRORS])
def test_bad_input_exits_2_with_one_line(text: str, pattern: str) -> None:
    """Input that is not a valid Gimmel scenario: exit 2, one line naming it, no stdout."""
    proc = run(text)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert re.search(pattern, lines[0]), lines[0]
