"""Giganten's four players in two teams [V9] through the table path (issue 13):
the same turns as through Giganten's own ``Session``, whole games with power cuts, their
logs, records and ``verify``, and no view showing any of the four players (a
partner no more than an enemy), the public or the arbiter more than
Giganten's former views did (its former session's and views' answers are frozen in
``tests/fixtures/giganten_oracle/``, read by ``tests/giganten_oracle.py``)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from club.game_feed import GameTableFeed
from companion.archive.game_records import full_record, public_record, verify_record
from companion.archive.verdict import EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.game import PUBLIC, Piece, parse_square_name, seated, teams_of
from companion.game_events import GameEnded, IntentRefused, SetupChecked
from companion.games.giganten import GAME
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_start
from companion.games.giganten.options import options_to_json
from companion.games.giganten.position import OUTCOME_ONLY, RULEBOOK
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.ledger.record import verify
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.games import game_view
from hardware.simgame import GameHands, SimGameTable
from tests.giganten_oracle import case_name, end_json, oracle
from tests.giganten_run import GigantenRun, replay_reference
from tests.kind_words import leaked_kinds
from tests.test_game_notes import Recorder
from tests.test_giganten_session import _compare

V9 = RuleSet.of(["V9"])


def _v9_start(seed: int) -> GameState:
    """A V9 start: landscape, four setups, first player drawn [S5]."""
    rng = random.Random(seed)
    rules = RuleSet.of(("V9",))
    board = deal_landscape(rng, rules=rules)
    position, _, _ = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return GameState(board, position, first, rules)


def test_the_four_seats_of_v9_come_from_the_rule_set() -> None:
    game = seated(GAME, {"rules": V9})
    assert game.players == ("yellow", "orange", "yellow2", "orange2")  # A – c – B – d
    assert teams_of(game) == (0, 1, 0, 1)
    assert seated(GAME, {}) is GAME and GAME.players == ("yellow", "orange")
    options = options_to_json({"rules": V9, "first": 3})
    assert options["first"] == 3 and json.loads(json.dumps(options)) == options
    with pytest.raises(ValueError, match="first"):
        options_to_json({"rules": V9, "first": 4})
    with pytest.raises(ValueError, match="first"):
        options_to_json({"first": 2})


@pytest.mark.parametrize(("seed", "variants"), [(1, ("V9",)), (4, ("V9",)),
                                                (5, ("V9", "V8"))])
def test_the_same_turns_end_as_through_gigantens_own_session(
        seed: int, variants: tuple[str, ...], tmp_path: Path) -> None:
    policy = OUTCOME_ONLY if seed % 2 else RULEBOOK
    frozen = oracle(case_name("session", seed, variants))  # through Giganten's own Session
    assert frozen.policy == policy
    start = frozen.start()
    assert len(start.players) == 4
    run = GigantenRun.start(start, tmp_path / "v9.log", policy=policy, seed=seed)
    replay_reference(run, frozen.history(), seed=seed)
    new_state = run.state.rules_state
    assert len({action.player for action in new_state.history}) == 4, "all four played"
    ended = end_json(new_state)
    for key in ("history", "position", "off_board", "winner", "reason"):
        assert ended[key] == frozen.end[key], key
    assert run.session.phase == (OVER if frozen.end["over"] else PLAY)


def test_a_whole_v9_game_with_power_cuts_is_logged_recorded_and_verified(tmp_path: Path
                                                                         ) -> None:
    played = oracle(case_name("bots", 3, ("V9",)))  # the demo bots' game, frozen
    assert played.end["over"], "the bots' game ends by the rules"
    run = GigantenRun.start(played.start(), tmp_path / "v9.log", seed=3)
    replay_reference(run, played.history(), cut_every=9, seed=3)
    state = run.state.rules_state
    assert run.session.phase == OVER and run.cuts >= 3
    assert end_json(state) == played.end
    [ended] = [e for e in run.sim.events if isinstance(e, GameEnded)]
    assert ended.winner == run.state.winner() in (0, 1), "a team wins, named by its first"
    winner = game_view(run.session.game, run.state, PUBLIC)["winner"]
    assert winner == ("yellow", "orange")[played.end["winner"] or 0]
    entries = verify(run.log_path, allow_cut_tail=False)
    assert entries[0].body["players"] == ["yellow", "orange", "yellow2", "orange2"]
    assert len(entries[0].body["fairplay"]["commitments"]) == 4
    verdict = verify_path(run.log_path)
    assert verdict.status == EXIT_VERIFIED and not verdict.problems, verdict
    assert any("the result" in line for line in verdict.checked)
    for record in (full_record(entries), public_record(entries)):
        assert verify_record(json.loads(json.dumps(record))).status == EXIT_VERIFIED


@pytest.mark.parametrize(("seed", "policy"), [(6, RULEBOOK), (7, OUTCOME_ONLY)])
def test_no_view_shows_any_of_the_four_more_than_gigantens_own(
        seed: int, policy: str, tmp_path: Path) -> None:
    """Every audience over a whole game: the four players, a partner seeing its
    partner's figures no more than an enemy does [I3, V9], the public and the arbiter."""
    played = oracle(case_name("views", seed, ("V9",), policy))  # Giganten's views, frozen
    run = GigantenRun.start(played.start(), tmp_path / "v9.log", policy=policy, seed=seed)
    checked = 0
    for action, frozen in zip(played.history(), played.views(), strict=True):
        begun = len(run.sim.events)
        run.play(action.turn, advanced=action.advanced)
        for event in run.sim.events[begun:]:
            checked += _compare(run, event, frozen)
    assert checked > 600
    assert end_json(run.state.rules_state) == played.end


def test_a_resignation_gives_the_game_to_the_other_team(tmp_path: Path) -> None:
    start = _v9_start(8)
    run = GigantenRun.start(start, tmp_path / "v9.log", seed=8)
    events = run.sim.intent({"resign": 3})  # orange2 gives up for Orange's team [W3]
    [ended] = [e for e in events if isinstance(e, GameEnded)]
    assert ended.winner == 0
    entries = verify(run.log_path, allow_cut_tail=False)
    assert full_record(entries)["result"] == {"winner": 0, "reason": "resigned"}
    assert verify_path(run.log_path).status == EXIT_VERIFIED


def test_partners_nests_too_close_are_refused_as_gigantens_own_session_does(
        tmp_path: Path) -> None:
    """A team's two Nests at least eight files or ranks apart [V9, R13]: a rule across two
    setups, said to the partner whose Nest is reported, and play does not begin."""
    start = _v9_start(2)
    position = start.position()
    nests = {player: sq for sq, (player, kind) in position.items()
             if KINDS[kind].id == "nest"}
    files = start.board.files
    # Move yellow2's Nest next to yellow's, swapping it with the figure standing there.
    near = next(sq for sq, (player, _) in sorted(position.items()) if player == 2
                and abs(sq % files - nests[0] % files) < 8
                and abs(sq // files - nests[0] // files) < 8 and sq != nests[2])
    position[near], position[nests[2]] = position[nests[2]], position[near]
    moved = GameState(start.board, position, start.to_move, start.rules)
    with pytest.raises(AssertionError):  # GigantenRun.start asserts that play began
        GigantenRun.start(moved, tmp_path / "v9.log", seed=2)
    options = {"board": start.board, "rules": start.rules, "first": start.to_move}
    tags = sim_identities(GAME, options)
    session, _ = GameSession.new(GAME, options, tags, tmp_path / "again.log", now=0.0)
    sim = SimGameTable(session, seed=2)
    GameHands(sim, tags).show({sq: Piece(player, KINDS[kind].id)
                               for sq, (player, kind) in position.items()})
    last = {e.owner: e for e in sim.events if isinstance(e, SetupChecked)}
    assert [p.rule for p in last[2].problems] == ["V9"], last[2]
    assert "partner" in last[2].problems[0].reason
    assert not any(last[p].problems for p in (0, 1, 3))
    refused = sim.intent({"start": True})
    assert isinstance(refused[0], IntentRefused) and session.phase != PLAY
    assert not (tmp_path / "again.log").exists()


def test_verify_refuses_a_record_whose_partners_nests_are_too_close(tmp_path: Path
                                                                   ) -> None:
    """A record sealed over a setup that breaks [V9, R13] (its commitments opening fine):
    ``verify`` checks the rules across setups too, not each player's alone."""
    start = _v9_start(8)
    run = GigantenRun.start(start, tmp_path / "v9.log", seed=8)
    run.sim.intent({"resign": 0})
    record = full_record(verify(run.log_path, allow_cut_tail=False))
    assert verify_record(record).status == EXIT_VERIFIED
    setup = dict(record["setup"])
    nest = {owner: name for name, (owner, kind) in setup.items() if kind == "nest"}
    near = next(name for name, (owner, _) in setup.items() if owner == 2
                and name != nest[2] and _close(name, nest[0]))
    setup[near], setup[nest[2]] = setup[nest[2]], setup[near]
    game = run.session.game
    forged = {**record, "setup": setup, "fairplay": game_log.seal(game, setup, os.urandom)}
    verdict = verify_record(forged)
    assert verdict.status != EXIT_VERIFIED
    assert any("[V9]" in problem.text for problem in verdict.problems), verdict.problems


def _close(one: str, other: str) -> bool:
    (f1, r1), (f2, r2) = parse_square_name(one), parse_square_name(other)
    return max(abs(f1 - f2), abs(r1 - r2)) < 8


def test_the_club_feed_names_the_four_and_shows_the_public_no_kind(tmp_path: Path) -> None:
    """The club feed of a V9 game (outcome-only [I2]): its status names the four players
    and the teams, and no message names a kind while the game runs."""
    played = oracle(case_name("bots", 9, ("V9",)))  # the demo bots' first 40 turns, frozen
    run = GigantenRun.start(played.start(), tmp_path / "v9.log", policy=OUTCOME_ONLY, seed=9)
    sink = Recorder()
    feed = GameTableFeed(sink, GAME, run.session.options)  # type: ignore[arg-type]
    for action in played.history():
        begun = len(run.sim.events)
        run.play(action.turn, advanced=action.advanced)
        feed.update(run.session, run.sim.events[begun:])
    statuses = [m[1] for m in sink.messages if m[0] == "status"]
    assert statuses[-1]["players"] == ["yellow", "orange", "yellow2", "orange2"]
    assert statuses[-1]["board"]["teams"] == [["yellow", "yellow2"], ["orange", "orange2"]]
    assert len([m for m in sink.messages if m[0] == "turn"]) == run.session.turns > 40
    assert not leaked_kinds(json.loads(json.dumps(sink.messages)))
