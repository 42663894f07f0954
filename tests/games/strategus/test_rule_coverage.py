"""Every rule and ruling of ``docs/rules/strategus.md`` is cited by a test named after it.

The ids come from the rules page in this repository (a rule added there without a test
fails here). A test covers rule ``M4`` if its name starts with ``test_M4_``; the figure
table (section F, which has no numbered rules) is covered by ``test_F_``.
"""

from __future__ import annotations

import re
from pathlib import Path

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "strategus.md"
TESTS = Path(__file__).resolve().parent
_RULE = re.compile(r"^- \*\*([A-Z]\d+)\*\*", re.M)
_SECTION = re.compile(r"^## ([A-Z])\. ", re.M)


def rule_ids(text: str) -> list[str]:
    """The ids of the page, in page order, and ``F`` for the figure table."""
    ids = _RULE.findall(text)
    sections = _SECTION.findall(text)
    return ids + [section for section in sections
                  if not any(rule.startswith(section) for rule in ids)]


def defined_tests() -> set[str]:
    """Every test function defined in this folder."""
    found: set[str] = set()
    for path in sorted(TESTS.glob("test_*.py")):
        found.update(re.findall(r"^def (test_\w+)\(", path.read_text("utf-8"), re.M))
    return found


def test_the_page_has_every_section_and_the_rulings() -> None:
    ids = rule_ids(RULES_PAGE.read_text("utf-8"))
    assert ids[:2] == ["B1", "B2"] and "F" in ids
    assert {rule[0] for rule in ids} == set("BSMCHWRF")
    assert [rule for rule in ids if rule.startswith("R")] == [f"R{n}" for n in range(1, 17)]
    assert len(ids) == len(set(ids))


def test_every_rule_id_is_cited_by_a_test() -> None:
    names = defined_tests()
    missing = [rule for rule in rule_ids(RULES_PAGE.read_text("utf-8"))
               if not any(name.startswith(f"test_{rule}_") for name in names)]
    assert missing == []


def test_every_rule_id_cited_in_the_engine_is_on_the_page() -> None:
    """The engine's refusals and outcomes cite only ids (or sections) the page defines."""
    text = RULES_PAGE.read_text("utf-8")
    ids = set(rule_ids(text)) | set(_SECTION.findall(text))
    engine = TESTS.parents[2] / "companion" / "games" / "strategus"
    cited: set[str] = set()
    for path in engine.glob("*.py"):
        text = path.read_text("utf-8")
        cited.update(re.findall(r"\[([A-Z]\d*)(?:[,–\]])", text))
        cited.update(re.findall(r"\"([A-Z]\d+)\"", text))
    assert cited and cited <= ids, sorted(cited - ids)
