"""Every rule and ruling of ``docs/rules/gimmel.md`` has a test named after it.

The ids come from the page itself, so a rule added there without a test fails here. A
test covers rule ``M3`` if its name starts with ``test_M3_``. The other way round, every
rule id the engine cites in a refusal or a docstring is one the page defines.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES_PAGE = ROOT / "docs" / "rules" / "gimmel.md"
ENGINE = ROOT / "companion" / "games" / "gimmel"
TESTS = Path(__file__).resolve().parent
SECTIONS = "STMEVR"

_RULE = re.compile(r"^- \*\*([A-Z]\d+)\*\*", re.M)


def rule_ids(text: str) -> list[str]:
    """The rule ids of the page, in page order."""
    return [rule for rule in _RULE.findall(text) if rule[0] in SECTIONS]


def defined_tests(directory: Path = TESTS) -> set[str]:
    """Every test function defined in this folder."""
    found: set[str] = set()
    for path in sorted(directory.glob("test_*.py")):
        found.update(re.findall(r"^def (test_\w+)\(", path.read_text("utf-8"), re.M))
    return found


def covering(rule: str, names: set[str]) -> list[str]:
    """The tests named after ``rule`` (``M1`` is not covered by ``test_M10_x``)."""
    return sorted(name for name in names if name.startswith(f"test_{rule}_"))


def test_the_rule_ids_are_read_from_the_page() -> None:
    ids = rule_ids(RULES_PAGE.read_text("utf-8"))
    assert ids[:4] == ["S1", "S2", "S3", "S4"]
    assert {"T1", "T5", "M1", "M5", "E1", "E2", "E3", "V1", "R1", "R2", "R3"} <= set(ids)
    assert len(ids) == len(set(ids)), "a rule id appears twice"


def test_every_rule_has_a_test_named_after_it() -> None:
    names = defined_tests()
    missing = [rule for rule in rule_ids(RULES_PAGE.read_text("utf-8"))
               if not covering(rule, names)]
    assert not missing, f"rules without a test named test_<ID>_…: {', '.join(missing)}"


def test_every_rule_the_engine_cites_is_on_the_page() -> None:
    ids = set(rule_ids(RULES_PAGE.read_text("utf-8")))
    cited: set[str] = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text("utf-8")
        cited.update(re.findall(r"IllegalMove\(\"([A-Z]\d+)\"", text))
        cited.update(re.findall(r"\"(M\d)\"", text))
        for group in re.findall(r"\[([A-Z]\d+(?:[,–-] ?[A-Z]\d+)*)\]", text):
            cited.update(re.findall(r"[A-Z]\d+", group))
    assert cited, "found no rule ids in the engine"
    assert cited <= ids, f"cited but not on the page: {sorted(cited - ids)}"


def test_every_scenario_case_names_rules_of_the_page() -> None:
    ids = set(rule_ids(RULES_PAGE.read_text("utf-8")))
    text = (ROOT / "tests" / "scenarios" / "gimmel-cases.json").read_text("utf-8")
    named = set(re.findall(r"gimmel case: \[([^\]]+)\]", text))
    assert named
    for group in named:
        assert set(re.findall(r"[A-Z]\d+", group)) <= ids, group


def test_the_coverage_check_tells_m1_from_m10() -> None:
    assert covering("M1", {"test_M10_x", "test_M1_beetle"}) == ["test_M1_beetle"]
    assert rule_ids("## S. x\n\n- **S1** One.\n- **X1** no\n") == ["S1"]
