"""`giganten scenario` through the real command (docs/spec/scenario-format.md).

The rule cases (the public ones, ``tests/scenarios/public-cases.json``, and our own in
``tests/scenarios/base-cases.json``, each reasoned from the rules page) run through
``scripts/check-scenarios``; the error paths run the command directly: a scenario
that is not valid exits 2 with one line on stderr naming the problem and nothing on stdout.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

GIGANTEN = Path(sys.executable).parent / "giganten"
REPO = Path(__file__).resolve().parents[1]
CHECKER = REPO / "scripts" / "check-scenarios"
BASE_CASES = Path(__file__).resolve().parent / "scenarios" / "base-cases.json"
PUBLIC_CASES = BASE_CASES.with_name("public-cases.json")
VARIANT_CASES = BASE_CASES.with_name("variant-cases.json")
FORMAT = "giganten-scenario/1"


def run(stdin: str | bytes, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``giganten scenario`` (stdin by default) and return the finished process."""
    argv = [str(GIGANTEN), "scenario", *(args or ("-",))]
    data = stdin.decode("utf-8") if isinstance(stdin, bytes) else stdin
    return subprocess.run(argv, input=data, capture_output=True, text=True, timeout=60,
                          check=False)


def scenario(**fields: Any) -> dict[str, Any]:
    """A small valid scenario with ``fields`` replaced."""
    base: dict[str, Any] = {"format": FORMAT, "variants": [], "swamp": [],
                            "figures": {"e3": "yellow tri", "e5": "orange dilo",
                                        "a1": "yellow nest", "n14": "orange nest",
                                        "h12": "orange tri"},
                            "to_move": "yellow"}
    base.update(fields)
    return base


# --- the case files -----------------------------------------------------------------------

def test_case_material_is_present() -> None:
    """The checker and the case files are the project's own: fail if one is missing."""
    assert GIGANTEN.is_file(), f"no giganten command next to {sys.executable}"
    assert CHECKER.is_file(), f"missing {CHECKER}"
    assert PUBLIC_CASES.is_file(), f"missing {PUBLIC_CASES}"
    assert BASE_CASES.is_file(), f"missing {BASE_CASES}"


def test_base_cases_are_well_formed() -> None:
    """Our own cases: at least 40, unique names, none copied from the public file."""
    cases = json.loads(BASE_CASES.read_text("utf-8"))
    public = json.loads(PUBLIC_CASES.read_text("utf-8"))
    assert len(cases) >= 40
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names))
    public_scenarios = [case["scenario"] for case in public]
    for case in cases:
        assert set(case) == {"name", "scenario", "expect"}, case["name"]
        assert case["scenario"]["format"] == FORMAT, case["name"]
        assert case["scenario"] not in public_scenarios, case["name"]


@pytest.mark.parametrize("cases", [PUBLIC_CASES, BASE_CASES, VARIANT_CASES],
                         ids=["public", "base", "variant"])
def test_rule_cases_pass_through_check_scenarios(cases: Path) -> None:
    """Every case's answer matches its expectation [rules B–W, scenario format]."""
    assert CHECKER.is_file(), f"missing {CHECKER}"
    count = len(json.loads(cases.read_text("utf-8")))
    proc = subprocess.run(
        [sys.executable, str(CHECKER), str(cases),
         "--cmd", f"{shlex.quote(str(GIGANTEN))} scenario -"],
        capture_output=True, text=True, timeout=600, check=False)
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert lines[-1] == f"{count} passed, 0 failed", proc.stdout


# --- success through a file path ----------------------------------------------------------

def test_scenario_from_a_file_path(tmp_path: Path) -> None:
    """``giganten scenario FILE.json`` reads the file: Tri beats Dilo on land [K1] and
    advances [K5]; exit 0, JSON on stdout, nothing on stderr."""
    path = tmp_path / "case.json"
    path.write_text(json.dumps(scenario(turns=[
        {"path": ["e3", "e4"], "challenge": "e5", "advance": True}])), "utf-8")
    proc = subprocess.run([str(GIGANTEN), "scenario", str(path)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    answer = json.loads(proc.stdout)
    assert answer["turns"] == [{
        "legal": True,
        "combat": {"challenger": "e4", "challenged": "e5", "challenger_kind": "tri",
                   "challenged_kind": "dilo", "battleground": "land",
                   "outcome": "challenger_wins", "rule": "K1"},
        "trap": None, "winner": None}]
    assert answer["figures"] == {"a1": "yellow nest", "e5": "yellow tri",
                                 "h12": "orange tri", "n14": "orange nest"}
    assert answer["to_move"] == "orange"
    assert answer["winner"] is None and answer["reason"] is None


def test_status_query_answer_shape() -> None:
    """The status query answers exactly to_move, winner, reason and legal_turns.

    Tri e3 (e2, d3, f3, e4, e4 with challenge e5) = 5; the Nest adds none [M3]."""
    proc = run(json.dumps(scenario(query="status")))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"to_move": "yellow", "winner": None, "reason": None,
                                       "legal_turns": 5}


def test_unknown_top_level_field_is_a_warning_not_an_error() -> None:
    """R11: an unknown top-level field is ignored with one warning line; exit 0."""
    proc = run(json.dumps(scenario(query="status", colour="blue")))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["legal_turns"] == 5
    assert proc.stderr.splitlines() == [
        "brettl scenario: warning: ignoring unknown field 'colour'"]


# --- error paths --------------------------------------------------------------------------

def _with(figures: dict[str, str], **fields: Any) -> str:
    return json.dumps(scenario(figures=figures, **fields))


ERRORS: list[tuple[str, str, str]] = [
    ("invalid JSON", '{"format": "giganten-scenario/1", "figures": {', r"not valid JSON"),
    ("not an object", "[]", r"JSON object"),
    ("JSON nested too deeply", "[" * 100_000 + "]" * 100_000, r"nested too deeply"),
    ("unknown square (rank 0)", _with({"e0": "yellow tri"}), r"'e0' is not a square"),
    ("unknown square (malformed)", _with({"4e": "yellow tri"}), r"'4e' is not a square"),
    ("unknown kind", _with({"e4": "yellow trex"}), r"unknown kind 'trex'"),
    ("unknown player", _with({"e4": "green tri"}), r"unknown player 'green'"),
    ("square off the board (file o on 14 files)", _with({"o1": "yellow tri"}),
     r"o1 is off the board"),
    ("square off the board (rank 15)", _with({"a15": "yellow tri"}), r"a15 is off the board"),
    ("square off a 7x28 board", _with({"h1": "yellow tri"}, board={"files": 7, "ranks": 28}),
     r"h1 is off the board \(7 files × 28 ranks\)"),
    ("two figures on one square (duplicate key)",
     '{"format": "giganten-scenario/1", "to_move": "yellow",'
     ' "figures": {"e4": "yellow tri", "e4": "orange tri"}}', r"'e4' appears twice"),
    ("two figures on one square (E4 and e4)",
     _with({"E4": "yellow tri", "e4": "orange tri"}), r"two figures on e4"),
    ("missing figures", json.dumps({"format": FORMAT, "to_move": "yellow"}),
     r'"figures" is required'),
    ("missing to_move", json.dumps({"format": FORMAT, "figures": {"e4": "yellow tri"}}),
     r'"to_move" is required'),
    ("unknown query", json.dumps(scenario(query="hint")), r"unknown query 'hint'"),
    ("both turns and query", json.dumps(scenario(query="status", turns=[])),
     r'either "turns" or "query"'),
    ("moves query on an empty square", json.dumps(scenario(query="moves", **{"from": "e4"})),
     r"no figure on e4"),
    ("moves query without from", json.dumps(scenario(query="moves")), r'needs "from"'),
    ("turn with an unknown key",
     json.dumps(scenario(turns=[{"path": ["e3", "e4"], "challange": "e5"}])),
     r"turn 1: unknown key 'challange'"),
    ("turn with a square off the board",
     json.dumps(scenario(turns=[{"path": ["e3", "e4"], "challenge": "e15"}])),
     r"turn 1: e15 is off the board"),
    ("variants that do not combine (one blank figure)",
     json.dumps(scenario(variants=["V3", "V4"])), r"V3 and V4 do not combine"),
    ("a variant option without its variant", json.dumps(scenario(variants=["V6b"])),
     r"V6b needs V6"),
    ("a secret trap without V5", json.dumps(scenario(secret_traps={"yellow": "c4"})),
     r"secret trap needs variant V5"),
    ("unknown variant", json.dumps(scenario(variants=["V10"])), r"unknown variant 'V10'"),
    ("variant figure without its variant", _with({"e4": "yellow gespenst"}),
     r"gespenst on e4 plays only with variant V3"),
    ("wrong format version", json.dumps(scenario(format="giganten-scenario/2")),
     r"unknown format"),
    ("board size given as true", json.dumps(scenario(board={"files": True, "ranks": 14})),
     r"whole numbers"),
    ("board far too large", json.dumps(scenario(board={"files": 700, "ranks": 999})),
     r"from 1 to 32"),
    ("repeated top-level key", '{"to_move": "yellow", "to_move": "orange", "figures": {}}',
     r"'to_move' appears twice in one object$"),
]


@pytest.mark.parametrize(("text", "names"), [(t, n) for _, t, n in ERRORS],
                         ids=[e[0] for e in ERRORS])
def test_invalid_scenario_exits_2_with_one_line(text: str, names: str) -> None:
    """Invalid input: exit 2, nothing on stdout, exactly one stderr line naming the problem."""
    proc = run(text)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert proc.stderr.endswith("\n")
    assert lines[0].startswith("brettl scenario: ")
    assert re.search(names, lines[0]), lines[0]


def test_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    """A file path that does not exist is reported in one line, exit 2."""
    proc = subprocess.run([str(GIGANTEN), "scenario", str(tmp_path / "nope.json")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert "nope.json" in proc.stderr


def test_file_that_is_not_utf8_exits_2_with_one_line(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 text are reported in one line, exit 2 (no traceback)."""
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"figures": {"e4": "yellow tri\xff"}}')
    proc = subprocess.run([str(GIGANTEN), "scenario", str(path)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [f"brettl scenario: {path} is not UTF-8 text"]


def test_illegal_turn_is_an_answer_not_an_error() -> None:
    """An illegal turn is a rules answer (exit 0) with its rule id [M4], not an input error;
    figures and to_move describe the position before it."""
    proc = run(json.dumps(scenario(
        figures={"e3": "yellow blitz", "a1": "yellow tri", "n14": "orange tri"},
        turns=[{"path": ["e3", "e4"]}])))
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["turns"][0]["legal"] is False
    assert answer["turns"][0]["rule"] == "M4"
    assert answer["turns"][0]["reason"]
    assert answer["figures"]["e3"] == "yellow blitz"
    assert answer["to_move"] == "yellow"
