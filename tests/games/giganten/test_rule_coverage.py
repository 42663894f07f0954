"""Every rule of sections B, F, S, M, C, K and W has a test named after it.

The rule ids come from the rules page itself (``docs/rules/giganten.md``), so a rule added
there without a test fails here. A test covers rule ``K4.7`` if its name starts with
``test_K4_7_``; sections I and V are not covered here.
"""

from __future__ import annotations

import re
from pathlib import Path

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "giganten.md"
SECTIONS = "BFSMCKW"
TESTS = Path(__file__).resolve().parent

_HEADING = re.compile(r"^## ([A-Z])\. ")
_RULE = re.compile(r"^\s*- \*\*([A-Z]\d+(?:\.\d+)?)\*\*")


def rule_ids(text: str) -> list[str]:
    """The numbered rules of SECTIONS, in page order.

    A section whose body says something before its first numbered rule (section F: the
    figure table) is itself a rule, cited by its letter (``[F]``).
    """
    ids: list[str] = []
    section: str | None = None
    started = False  # has this section's body begun?
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            section = heading.group(1) if heading.group(1) in SECTIONS else None
            started = False
        elif section is not None and line.strip():
            rule = _RULE.match(line)
            if rule and rule.group(1).startswith(section):
                ids.append(rule.group(1))
            elif not started:
                ids.append(section)
            started = True
    return ids


def defined_tests(directory: Path = TESTS) -> set[str]:
    """Every test function name defined in the rules tests."""
    found: set[str] = set()
    for path in sorted(directory.glob("test_*.py")):
        found.update(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return found


def covering(rule: str, names: set[str]) -> list[str]:
    """The tests named after ``rule``: ``K4`` is covered by ``test_K4_x``, not ``test_K4_1_x``."""
    pattern = re.compile(rf"test_{re.escape(rule.replace('.', '_'))}_(?![0-9]+_)")
    return sorted(name for name in names if pattern.match(name))


def test_the_rules_page_is_there() -> None:
    assert RULES_PAGE.is_file(), f"the rules page is missing: {RULES_PAGE}"


def test_the_rule_ids_are_read_from_the_page() -> None:
    ids = rule_ids(RULES_PAGE.read_text(encoding="utf-8"))
    expected = ["B1", "B2", "B3", "B4", "F", "F1", "S1", "S2", "S3", "S4", "S5",
                *(f"M{n}" for n in range(1, 9)), *(f"C{n}" for n in range(1, 6)),
                "K1", "K2", "K3", "K4", *(f"K4.{n}" for n in range(1, 11)), "K5", "K6",
                "W1", "W2", "W3"]
    assert set(expected) <= set(ids)
    assert len(ids) == len(set(ids)), "a rule id appears twice"
    assert not {rule for rule in ids if rule[0] not in SECTIONS}


def test_every_rule_has_a_test_named_after_it() -> None:
    names = defined_tests()
    missing = [rule for rule in rule_ids(RULES_PAGE.read_text(encoding="utf-8"))
               if not covering(rule, names)]
    assert not missing, f"rules without a test named test_<ID>_…: {', '.join(missing)}"


def test_the_coverage_check_tells_k4_from_k4_1() -> None:
    assert covering("K4", {"test_K4_1_blitz"}) == []
    assert covering("K4.1", {"test_K4_10_culak", "test_K4_1_blitz"}) == ["test_K4_1_blitz"]
    assert covering("F", {"test_F1_family"}) == []
    assert rule_ids("## F. Figures\n\nA table.\n\n- **F1** Rule.\n## I. Info\n- **I1** x\n"
                    ) == ["F", "F1"]
