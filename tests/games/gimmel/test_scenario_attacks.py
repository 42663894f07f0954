"""Attacks on the Gimmel scenario reader: whatever the JSON, an answer or one
``ScenarioError`` line, never another exception (in process, so Hypothesis can try many)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game import ScenarioError
from companion.scenario import answer

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(
        ["white", "black", "beetle", "cat", "falcon", "e4", "a1", "z99", "long", "white cat",
         "black falcon", "status", "moves", "setup", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["white", "black", "e4", "a1", "b2", "place", "path", "beetle",
                         "files", "ranks"]), inner, max_size=3),
    max_leaves=8)
FIELDS = ["board", "variants", "figures", "hand", "score", "to_move", "turns", "query",
          "from", "view"]


@settings(max_examples=300)
@given(st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=6))
def test_any_fields_give_an_answer_or_one_clear_line(fields: dict[str, Any]) -> None:
    data = {"format": "giganten-scenario/1", "game": "gimmel", **fields}
    try:
        found = answer(data)
    except ScenarioError as err:
        assert "\n" not in str(err) and str(err)
    else:
        json.dumps(found)


@settings(max_examples=200)
@given(st.lists(st.fixed_dictionaries({}, optional={
    "place": st.dictionaries(st.sampled_from(["a1", "b2", "c3", "h8", "i1"]),
                             st.sampled_from(["beetle", "cat", "falcon", "sphinx"]),
                             max_size=2),
    "path": st.lists(st.sampled_from(["a1", "b2", "c3", "d4", "e4", "e5", "h8"]),
                     max_size=3)}), max_size=8))
def test_any_turns_give_an_answer_or_one_clear_line(turns: list[Any]) -> None:
    data = {"format": "giganten-scenario/1", "game": "gimmel", "board": {"files": 8,
            "ranks": 8}, "figures": {"e4": "white cat", "c3": "black beetle"},
            "to_move": "white", "turns": turns}
    try:
        found, _ = answer(data)
    except ScenarioError as err:
        assert "\n" not in str(err)
    else:
        assert len(found["turns"]) <= len(turns)
