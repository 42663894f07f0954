"""What the app shows and does for every game, as Giganten's own screens did (issue
13): the figures off the board [Giganten K6] among the counts, the setups revealed on the
game-over screen, the private moment of the setup, and "Auto" (the computer plays every
side) for every game. Without a display; every view from ``companion.views.games``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.game import PUBLIC
from companion.games.giganten.position import RULEBOOK
from companion.ledger.game_log import NOTE
from companion.ledger.record import verify as read_log
from tests.ui.test_giganten_app import assert_verified, set_up, started
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, GameController, NewGame
from ui.control.shell_state import ControllerError
from ui.words import i18n


@pytest.mark.parametrize("policy", ["rulebook", "outcome-only"])
def test_giganten_auto_plays_to_the_end_and_shows_the_figures_off_the_board(
        tmp_path: Path, policy: str) -> None:
    """"Auto" plays a whole Giganten game through the session; after every poll the counts
    show the figures off the board as Giganten's rules say: face up under
    ``rulebook``, counted face down under ``outcome-only`` [K6, I2]; the game-over board
    shows the setups revealed [fair play], never before the end."""
    _, c = started(tmp_path, policy=policy, seed=3)
    set_up(c, 3)
    c.start()
    assert c.screen == GAME_PLAY and c.reveal.revealed() is None
    c.auto.start()
    shown = polls = 0
    while c.screen == GAME_PLAY and polls < 1500:
        c.poll(0.05)
        polls += 1
        state = c.state()
        assert state is not None
        rules_state = getattr(state, "rules_state")  # noqa: B009 (Giganten's own state)
        own = {player.name: {"count": sum(rules_state.fig_player[f] == index
                                          for f in rules_state.off_board),
                             **({"kinds": True} if policy == RULEBOOK else {})}
               for index, player in enumerate(rules_state.players)}  # [K6, I2]
        lines = c.counts(PUBLIC)
        assert len(lines) == len(own)
        for line, (name, entry) in zip(lines, own.items(), strict=True):
            assert i18n.player(name) in line
            if "kinds" not in entry:
                assert i18n.tr("face_down", count=entry["count"]) in line
            shown += entry["count"]
    assert c.session.turns >= min(polls, 1000), "a turn at (nearly) every poll"
    if c.screen == GAME_PLAY:  # the bots' game goes on: the demonstration is stopped
        c.auto.stop()
        c.resign("yellow")
    assert c.screen == GAME_OVER
    c.poll(0.05)
    assert not c.auto.running
    assert shown > 0, "figures left the board"
    assert_verified(c)
    revealed = c.reveal.revealed()
    assert revealed is not None
    over = c.reveal.over_view()
    assert over["revealed"] and all("kind" in figure for figure in over["figures"])
    assert {(f["owner"], f["square"], f["kind"]) for f in over["figures"]} == {
        (owner, square, kind) for owner, setup in revealed["setup"].items()
        for square, kind in setup.items()}


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_auto_plays_the_other_games_too(tmp_path: Path, name: str) -> None:
    c = GameController(log_dir=tmp_path, budget=0.02,
                       entropy=random.Random(4).randbytes)
    c.new_game(NewGame(name))
    if c.screen == GAME_SETUP:
        with pytest.raises(ControllerError):
            c.auto.start()  # not before play
        set_up(c, 4)
        c.start()
    c.auto.start(6)
    for _ in range(20):
        c.poll(0.05)
    assert c.session.turns == 6 and not c.auto.running
    c.auto.stop()
    c.resign(c.players[0])
    assert c.screen == GAME_OVER
    assert c.counts(PUBLIC) == [line for line in c.counts(PUBLIC) if "off" not in line]
    over = c.reveal.over_view()
    # Strategus's setups revealed after the end [R12]; Gimmel starts empty: its board.
    assert over.get("revealed", False) == (name == "strategus")
    assert_verified(c)


def test_the_private_moment_shows_a_player_their_own_setup_only(tmp_path: Path) -> None:
    """Strategus's setup: a player asks, everyone is told; the player's own kinds only
    while held, blank when released; refused once play has begun; logged as a note."""
    c = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(5).randbytes)
    c.new_game(NewGame("strategus"))
    set_up(c, 5)
    c.private.request("red")
    assert c.private.view() is None, "blank until held"
    assert any("Red" in line for line in c.messages()), "everyone is told"
    c.private.hold()
    private = c.private.view()
    assert private is not None and private["problems"] == c.setup_problems("red")
    figures = private["board"]["figures"]
    assert figures and all(("kind" in f) == (f["owner"] == "red") for f in figures)
    assert all("kind" not in f for f in c.board_view(PUBLIC)["figures"])
    c.private.release()
    assert c.private.view() is None
    c.private.end()
    c.start()
    with pytest.raises(ControllerError):
        c.private.request("blue")  # in play the figures show their owner [I4]
    assert c.log_path is not None
    notes = [e.body for e in read_log(c.log_path) if e.type == NOTE]
    assert [(n["event"], n["player"]) for n in notes] == [("private_moment", "red")]


def test_a_seats_button_opens_its_moment_at_once_and_done_closes_it(
        tmp_path: Path) -> None:
    """The setup screen's one private control for two players (Strategus) [I4]: the seat's
    button shows its own kinds at once (no hold), everyone is told; "Done" blanks it; the
    computer's side has no button; a tap is never a trap outside Giganten's V5."""
    c = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(7).randbytes)
    c.new_game(NewGame("strategus"))
    assert c.private.seats() == ["red", "blue"]
    set_up(c, 7)
    c.private.open("blue")
    assert c.private.player == "blue"
    private = c.private.view()
    assert private is not None and private["player"] == "blue"
    assert all(("kind" in f) == (f["owner"] == "blue") for f in private["board"]["figures"])
    assert any("Blue" in line for line in c.messages()), "everyone is told"
    assert not c.private.tap("e5"), "no trap in Strategus: the tap is the board's"
    c.private.close()
    assert c.private.player is None and c.private.view() is None
    c.start()
    assert c.private.seats() == [], "in play the figures show their owner [I4]"
    with pytest.raises(ControllerError):
        c.private.open("red")


def test_a_game_that_hides_nothing_has_no_private_moment(tmp_path: Path) -> None:
    c = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(6).randbytes)
    c.new_game(NewGame("gimmel"))
    with pytest.raises(ControllerError):
        c.private.request("white")


def test_auto_carries_out_the_computers_announced_turn_first(tmp_path: Path) -> None:
    """Against the computer: its announced turn waits to be carried out; "Auto" does it,
    then plays on for both sides."""
    c = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(7).randbytes)
    c.new_game(NewGame("strategus", computer="red"))
    set_up(c, 7)
    c.start()
    for _ in range(4):
        if c.session.chosen is not None:
            break
        c.poll(0.05)
    chosen = c.session.chosen
    assert chosen is not None and c.session.turns == 0, "red's turn is announced"
    c.auto.start(3)
    for _ in range(6):
        c.poll(0.05)
    assert c.session.turns == 3 and not c.auto.running
    assert c.session.chosen is None
