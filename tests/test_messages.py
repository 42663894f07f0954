"""Every refusal and setup problem carries a message key and parameters [R22, I3].

The English sentence of each (``IllegalTurn.reason``, ``Problem.reason``)
is the message's English template filled with its parameters, so a front end can word the
same key in another language (``ui.words.i18n``). Checked here: an AST scan of ``companion`` finds
every ``IllegalTurn(``, ``Problem(`` and ``Message.of(`` and proves it names
a key of ``MESSAGES`` with exactly the template's parameters; real refusals from random
illegal turns in random games (hypothesis) and real setup problems render to the engine's
own text; parameters are plain data.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.giganten.figures import KIND_BY_ID, TRI
from companion.games.giganten.legality import check_turn
from companion.games.giganten.turns import IllegalTurn, Turn
from companion.messages import MESSAGES, WORDS, Message, placeholders, render
from tests.helpers import make_state
from tests.refusals import attempts, rule_sets, setup_cases

ROOT = Path(__file__).resolve().parents[1]
KEY_ARGUMENT = {"IllegalTurn": 1, "Problem": 2, "Message.of": 0}
"""The constructors of a message, and where their key argument stands."""
HOMES = {"IllegalTurn": ("companion.games.giganten.turns", "companion.games.giganten"),
         "Problem": ("companion.games.giganten.setup", "companion.games.giganten"),
         "Message": ("companion.messages",)}
"""Where each class is defined or re-exported: another module's ``Problem`` is not ours."""

NESTS = {"a1": "yellow nest", "n14": "orange nest", "n13": "orange stego"}


def _bound(tree: ast.Module, module: str) -> dict[str, str]:
    """Local name -> class, for the classes of ``HOMES`` a file defines or imports."""
    names = {node.name: node.name for node in tree.body
             if isinstance(node, ast.ClassDef) and node.name in HOMES
             and module == HOMES[node.name][0]}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            names.update({alias.asname or alias.name: alias.name for alias in node.names
                          if alias.name in HOMES and node.module in HOMES[alias.name]})
    return names


def _callee(node: ast.Call, bound: dict[str, str]) -> str | None:
    func = node.func
    if isinstance(func, ast.Name) and func.id in bound:
        name = bound[func.id]
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id in bound:
        name = f"{bound[func.value.id]}.{func.attr}"
    else:
        return None
    return name if name in KEY_ARGUMENT else None


def _keys(node: ast.expr) -> list[str] | None:
    """The key a call names: a string, or a choice between strings; None if computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _keys(node.body), _keys(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def message_calls() -> Iterator[tuple[str, str, list[str] | None, set[str] | None]]:
    """Every message constructed in ``companion``: (where, callee, keys, parameter names);
    parameter names are None when passed as ``**mapping``."""
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        bound = _bound(tree, module)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            callee = _callee(node, bound)
            if callee is None:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            index = KEY_ARGUMENT[callee]
            keys = _keys(node.args[index]) if len(node.args) > index else None
            names = None if any(k.arg is None for k in node.keywords) \
                else {k.arg for k in node.keywords if k.arg is not None}
            yield where, callee, keys, names


FORWARDERS = {"companion/games/giganten/turns.py", "companion/games/giganten/setup.py"}
"""Where a constructor hands its own ``key`` and ``**params`` on to ``Message.of``."""


def _forwards(where: str, keys: list[str] | None, names: set[str] | None) -> bool:
    return keys is None and names is None and where.split(":")[0] in FORWARDERS


def test_every_message_in_the_code_names_a_key_with_its_parameters() -> None:
    calls = [call for call in message_calls() if not _forwards(call[0], call[2], call[3])]
    assert len(list(message_calls())) - len(calls) == len(FORWARDERS)
    counted = Counter(callee for _, callee, _, _ in calls)
    # the scan really sees the code: refusals, setup problems, the ledger's notes (the
    # session notices went with Giganten's former session: GameSession says its own)
    assert counted["IllegalTurn"] >= 50 and counted["Problem"] >= 15
    assert counted["Message.of"] >= 3
    bad = []
    for where, callee, keys, names in calls:
        if keys is None or names is None:
            bad.append(f"{where}: {callee} with a computed key or **params")
            continue
        for key in keys:
            if key not in MESSAGES:
                bad.append(f"{where}: {callee} names {key!r}, which is not in MESSAGES")
            elif placeholders(MESSAGES[key]) != names:
                bad.append(f"{where}: {key!r} takes {sorted(placeholders(MESSAGES[key]))},"
                           f" the call gives {sorted(names)}")
    assert bad == []


def test_every_key_is_used_by_the_code() -> None:
    used = {key for _, _, keys, _ in message_calls() for key in keys or ()}
    assert sorted(set(MESSAGES) - used) == []


def test_message_of_refuses_unknown_keys_and_wrong_parameters() -> None:
    with pytest.raises(KeyError, match="no_such_message"):
        Message.of("no_such_message")
    with pytest.raises(ValueError, match="square"):
        Message.of("occupied")
    with pytest.raises(ValueError, match="extra"):
        Message.of("occupied", square="c4", extra=1)
    with pytest.raises(TypeError, match="parameter"):
        Message.of("occupied", square=3.5)
    assert Message.of("occupied", square="c4").text == "c4 is occupied"


def test_message_parameters_are_plain_data_and_json_ready() -> None:
    message = Message.of("scout_must_challenge", squares=["c4", "d5"])
    assert message.params == {"squares": ("c4", "d5")}
    assert message.json() == {"key": "scout_must_challenge", "params": {"squares": ["c4", "d5"]}}
    assert message.text == "A scout flight must end in a challenge: challenge c4, d5"
    assert hash(message) == hash(Message.of("scout_must_challenge", squares=("c4", "d5")))


def _check_refusal(err: IllegalTurn) -> None:
    """The refusal's English is its key's template filled with its parameters."""
    assert err.key in MESSAGES
    assert err.reason == render(MESSAGES[err.key], err.params, WORDS)
    assert str(err) == f"{err.reason} [{err.rule}]"
    assert Message.of(err.key, **err.params) == err.message
    for name, value in err.params.items():
        assert isinstance(value, (str, int, tuple)), (err.key, name, value)
        if name in ("player", "owner"):  # ids, worded by each language, not English words
            assert value == str(value).lower()
        if name == "family":
            assert value in {k.rstrip("0123456789") for k in KIND_BY_ID}


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(rule_sets()), st.integers(min_value=0, max_value=2**32 - 1))
def test_real_refusals_render_to_the_engines_text(rules: Any, seed: int) -> None:
    for _, err in attempts(rules, seed, count=40):
        _check_refusal(err)


def test_random_illegal_turns_reach_almost_every_refusal() -> None:
    """Over a fixed sweep the random attempts produce nearly every refusal key of the
    engine; the few that need a rare position are tried directly below."""
    found: set[str] = set()
    every = rule_sets()
    for seed in range(150):
        rules = every[0] if seed % 3 == 0 else every[seed * 7919 % len(every)]
        found |= {err.key for _, err in attempts(rules, seed)}
    found |= {err.key for err in _rare_refusals()}
    legality = {key for where, callee, keys, _ in message_calls()
                if callee == "IllegalTurn" for key in keys or ()}
    assert sorted(legality - found) == []


def _refused(state: Any, turn: Turn) -> IllegalTurn:
    with pytest.raises(IllegalTurn) as caught:
        check_turn(state, turn)
    _check_refusal(caught.value)
    return caught.value


def _rare_refusals() -> list[IllegalTurn]:
    """Refusals a random attempt seldom meets: a challenge next to another own figure [C2],
    a held winner advancing [K5, V5b], a two-step challenge from the middle [V8, C2], a
    reserve figure onto a figure [V6], a trapped figure coming back off the first rank or
    onto a figure [V5c]."""
    state = make_state({**NESTS, "e4": "yellow tri", "g5": "yellow stego",
                        "g6": "orange dilo"})
    sq = state.board.square
    out = [_refused(state, Turn((sq("e4"), sq("e5")), sq("g6")))]
    state = make_state({**NESTS, "e4": "yellow dilo", "e6": "orange tri"},
                       variants=["V5", "V5b"], frozen={"e6": 1})
    out.append(_refused(state, Turn((sq("e4"), sq("e5")), sq("e6"), advance=True)))
    state = make_state({**NESTS, "e4": "yellow tri", "e7": "orange dilo"}, variants=["V8"])
    out.append(_refused(state, Turn((sq("e4"), sq("e5"), sq("e6")), sq("e7"),
                                    challenge_from=sq("e5"))))
    state = make_state(NESTS, variants=["V6"], reserve={"yellow": ["tri"], "orange": []},
                       turns_made={"yellow": 2, "orange": 2})
    out.append(_refused(state, Turn((), place=((sq("a1"), TRI),))))
    state = make_state({**NESTS, "e8": "yellow tri"}, variants=["V5", "V5c"],
                       secret_traps={"orange": "e9"})
    state.play(Turn((sq("e8"), sq("e9"))))
    state.play(Turn((sq("n13"), sq("m13"))))
    out.append(_refused(state, Turn((), reenter=(sq("g2"), TRI))))
    out.append(_refused(state, Turn((), reenter=(sq("a1"), TRI))))
    return out


def test_rare_refusals_have_their_keys() -> None:
    assert [(err.rule, err.key) for err in _rare_refusals()] == [
        ("C2", "challenger_not_moved"), ("K5", "advance_trapped"),
        ("C2", "challenge_from_end"), ("V6", "occupied"), ("V5c", "reentry_first_rank"),
        ("V5c", "occupied")]


@pytest.mark.parametrize("seed", range(3))
def test_real_setup_problems_render_to_the_engines_text(seed: int) -> None:
    keys = set()
    for case in setup_cases(seed):
        assert case.problems, "each broken setup has a problem"
        for problem in case.problems:
            assert problem.reason == render(MESSAGES[problem.key], problem.params, WORDS)
            assert problem.message == Message.of(problem.key, **problem.params)
            keys.add(problem.key)
    setup = {key for where, callee, ks, _ in message_calls()
             if callee == "Problem" and "rules/setup.py" in where for key in ks or ()}
    assert sorted(setup - keys) == []


def test_kinds_and_players_in_parameters_are_ids() -> None:
    state = make_state({**NESTS, "e4": "yellow blitz"})
    sq = state.board.square
    err = _refused(state, Turn((sq("e4"), sq("e5"))))
    assert (err.rule, err.key, err.params) == ("M4", "never_forward", {"family": "blitz"})
    assert err.reason == "Blitz never moves forward"
    err = _refused(state, Turn((sq("n13"), sq("m13"))))
    assert err.key == "not_your_figure"
    assert err.params == {"player": "yellow", "square": "n13", "owner": "orange"}
    assert err.reason == "It is Yellow's turn: the figure on n13 is Orange's"


def test_the_rank_span_is_worded_from_numbers() -> None:
    def text(ranks: tuple[int, ...]) -> str:
        return Message.of("trap_territory", square="c4", player="yellow", ranks=ranks).text

    assert text((1, 2, 3)) == "secret trap on c4: Yellow picks a square of the own territory,"\
                              " ranks 1–3"
    assert text((5, 1, 3)).endswith("territory, ranks 1, 3, 5")
