"""Attacks on Giganten's hidden information (issue #13).

Each test is an attack by one audience (the opponent, a V9 partner, the public) on what
``companion.views.games`` lets it see of a Giganten game played through the game
interface, asserting that nothing hidden leaks [I1–I4]. The positions are built with the
rules' own scenario format (``tests.helpers.make_state``); the session's events go through
the same view function the terminal, the app and the club feed use.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.game import ARBITER, PUBLIC, Audience, IllegalMove
from companion.game_events import ChoiceNeeded, IntentRefused, TurnCommitted
from companion.games.giganten import GAME
from companion.games.giganten.choices import moved_board, pending_choices
from companion.games.giganten.position import OUTCOME_ONLY, Advance, GigantenState
from companion.table.opponent import announce
from companion.views.games import event_view
from tests.helpers import HOMES, make_state, turn

YELLOW, ORANGE = 0, 1


def _challenge(defender: str) -> GigantenState:
    """Yellow's Tri moves e4 → e5 and challenges orange's ``defender`` on e6 (forward
    for orange is towards yellow, so the winner's advance into e5 is a forward step),
    under ``outcome-only`` (no combatant's kind is shown [I2])."""
    rules = make_state({**HOMES, "e4": "yellow tri", "e6": f"orange {defender}"})
    state = GigantenState(rules, OUTCOME_ONLY)
    state.push(turn(rules, "e4", "e5", "e6"))
    assert state.offer is not None and state.offer.player == ORANGE, "the defender won"
    return state


def _choices_seen(state: GigantenState, audience: Audience) -> Any:
    choices = pending_choices(state, state.pieces())
    event = ChoiceNeeded(state.to_move, tuple(GAME.turn_to_json(state, t) for t in choices))
    return event_view(GAME, event, audience)


@pytest.mark.parametrize("audience", [YELLOW, PUBLIC])
def test_an_advance_offer_does_not_tell_that_the_winner_cannot_advance(
        audience: Audience) -> None:
    """Attack: a challenged Blitz wins [K4.1] and may not advance (it never moves forward
    [M4]); a Tyra wins as well and may. If the offer listed only "stay" for the
    Blitz, the challenger and the public would learn its kind under ``outcome-only``. The
    offer is kind-blind [K5]: both answers, whatever the winner is."""
    seen = {defender: _choices_seen(_challenge(defender), audience)
            for defender in ("blitz", "tyra1")}
    assert seen["blitz"] == seen["tyra1"]
    assert seen["blitz"]["choices"] == [{"advance": True}, {"advance": False}]


def test_a_winner_that_may_not_advance_is_refused_to_its_owner_only() -> None:
    """The Blitz's player who answers "advance" anyway is refused with the rule; the
    challenger and the public see only that an answer was refused [I3]."""
    state = _challenge("blitz")
    choices = pending_choices(state, state.pieces())
    assert Advance(True) in choices
    with pytest.raises(IllegalMove) as caught:
        state.push(Advance(True))
    refused = IntentRefused(ORANGE, caught.value.rule, caught.value.reason)
    assert "rule" in event_view(GAME, refused, ORANGE)
    assert "rule" in event_view(GAME, refused, ARBITER)
    for audience in (YELLOW, PUBLIC):
        assert event_view(GAME, refused, audience) == {"event": "intent refused"}


def test_an_outcome_only_challenge_names_no_kind_to_anyone_but_the_arbiter() -> None:
    """Attack: read the kinds of a challenge under ``outcome-only`` from the turn event
    (its public part and its moment of reveal) as the opponent and as the public."""
    rules = make_state({**HOMES, "e4": "yellow tri", "e6": "orange blitz"})
    state = GigantenState(rules, OUTCOME_ONLY)
    played = state.push(turn(rules, "e4", "e5", "e6"))
    event = TurnCommitted(YELLOW, 1, GAME.turn_to_json(state, turn(rules, "e4", "e5", "e6")),
                          played.public, played.reveal)
    for audience in (YELLOW, ORANGE, PUBLIC):
        text = str(event_view(GAME, event, audience))
        assert "blitz" not in text and "tri" not in text and "K4.1" not in text, text


@pytest.mark.parametrize("audience", [ORANGE, PUBLIC])
def test_whether_the_screen_asks_about_a_challenge_does_not_tell_the_movers_kind(
        audience: Audience) -> None:
    """Attack: watch whether a step next to an enemy brings the question "challenge or
    not?". A Blitz never challenges [C1]; if only the other kinds were asked, the turn
    committed without a question would name the Blitz. Every kind is asked the same
    (kind-blind)."""
    seen = {}
    for kind in ("blitz", "tri", "flug", "culak"):
        rules = make_state({**HOMES, "e4": f"yellow {kind}", "c4": "orange stego"})
        state = GigantenState(rules, OUTCOME_ONLY)
        board = moved_board(state, turn(rules, "e4", "d4"))
        choices = pending_choices(state, board)
        event = ChoiceNeeded(YELLOW, tuple(GAME.turn_to_json(state, t) for t in choices))
        seen[kind] = event_view(GAME, event, audience)
    assert all(view == seen["tri"] for view in seen.values()), seen
    assert seen["blitz"]["choices"] == [{"path": ["e4", "d4"]},
                                        {"path": ["e4", "d4"], "challenge": "c4"}]


def test_a_challenge_the_figure_may_not_make_is_refused_to_its_owner_only() -> None:
    """The Blitz's player who chooses the challenge is refused with the rule; the others
    see only a refusal, and the question stays open (the mover then declines)."""
    rules = make_state({**HOMES, "e4": "yellow blitz", "c4": "orange stego"})
    state = GigantenState(rules, OUTCOME_ONLY)
    challenge = turn(rules, "e4", "d4", "c4")
    assert challenge in pending_choices(state, moved_board(state, challenge))
    with pytest.raises(IllegalMove) as caught:
        state.push(challenge)
    refused = IntentRefused(YELLOW, caught.value.rule, caught.value.reason)
    assert event_view(GAME, refused, YELLOW)["rule"] == caught.value.rule
    for audience in (ORANGE, PUBLIC):
        assert event_view(GAME, refused, audience) == {"event": "intent refused"}
    state.push(turn(rules, "e4", "d4"))  # declined: the step alone is legal


def test_the_computers_announced_turn_names_no_hidden_kind() -> None:
    """Attack: read the computer's kinds from its announcement (``ComputerTurn``, shown to
    everyone: its words and its turn's JSON) under ``outcome-only``: squares only."""
    rules = make_state({**HOMES, "e4": "yellow tyra1", "e6": "orange deino7"})
    state = GigantenState(rules, OUTCOME_ONLY)
    for chosen in state.legal_turns():
        said = announce(GAME, state, chosen).event
        for audience in (ORANGE, PUBLIC):
            text = json.dumps(event_view(GAME, said, audience))
            assert "tyra" not in text and "deino" not in text, text
