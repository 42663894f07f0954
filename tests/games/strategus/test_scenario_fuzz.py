"""Bad scenarios never crash: whatever JSON arrives, the answer is JSON or one line.

Hypothesis builds scenarios from the format's fields with values of every JSON type (and
plausible ones: square names, figures, turns), and ``companion.scenario.answer`` (what the
command runs) must either answer or raise ``ScenarioError`` with one line [B1, M1].
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scenario import ScenarioError, answer

SQUARES = st.sampled_from(["a1", "e4", "e5", "j10", "k1", "a0", "E4", "e44", "4e", ""])
FIGURES = st.sampled_from(["red hare", "blue wolf", "red apple", "blue trap", "red",
                           "green hare", "red dragon", "red  fox", "", "blue mouse"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6))
JSONS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=8)
TURNS = st.lists(st.one_of(
    st.fixed_dictionaries({"path": st.lists(SQUARES, min_size=0, max_size=3)}),
    JSONS), max_size=4)
FIELDS: dict[str, Any] = {
    "figures": st.one_of(st.dictionaries(SQUARES, FIGURES, max_size=6), JSONS),
    "to_move": st.one_of(st.sampled_from(["red", "blue", "yellow"]), JSONS),
    "turns": st.one_of(TURNS, JSONS),
    "query": st.one_of(st.sampled_from(["status", "moves", "setup", "hint"]), JSONS),
    "from": st.one_of(SQUARES, JSONS),
    "view": st.one_of(st.sampled_from(["red", "blue", "public", "arbiter", "x"]), JSONS),
    "board": st.one_of(st.fixed_dictionaries({"files": st.integers(-1, 40),
                                              "ranks": st.integers(-1, 40)}), JSONS),
    "variants": JSONS,
    "swamp": JSONS,
}


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "giganten-scenario/1", "game": "strategus"}
    for key in draw(st.lists(st.sampled_from(sorted(FIELDS)), unique=True)):
        data[key] = draw(FIELDS[key])
    return data


@settings(max_examples=400)
@given(scenarios())
def test_B1_any_scenario_is_answered_or_refused_in_one_line(data: dict[str, Any]) -> None:
    try:
        found, warnings = answer(json.loads(json.dumps(data)))
    except ScenarioError as error:
        assert "\n" not in str(error) and str(error)
        return
    json.dumps(found)
    assert warnings == []
