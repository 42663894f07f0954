"""Giganten's secret trap [V5], reserves [V6] and four players [V9] in the app, through
the games' controller (issue 13), without a display.

The switch point (``ui.giganten.handover``) sends them to ``ui.control.game.GameController``:
each player's trap chosen in a private moment (``set_trap``: the square said back to its
owner only), a reserve figure put down through the drawer and confirmed with "Done", four
seats in two teams. Whole games on the simulated board with a power cut and resume, the
record saved and verified; after every action no view the controller gives any audience
shows a kind Giganten's rules hide from it (a figure's
kind on the board to its owner only, ``tests.giganten_oracle.known_on_board``), and no line
names a trap square to anyone but its owner before it springs.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.game import PUBLIC
from companion.games.giganten.movegen import reserve_squares
from tests.giganten_oracle import known_on_board
from tests.ui.test_giganten_app import (
    KIND_WORDS,
    OUT,
    assert_verified,
    one_turn,
    resign_if_in_play,
    settle_board,
    started,
)
from ui.control.game import GAME_PLAY, GAME_SETUP, GameController
from ui.control.shell_state import ControllerError
from ui.giganten.setups import teams
from ui.words import i18n


def shown_lines(c: GameController, audience: int) -> list[str]:
    """Every line the screen says to ``audience`` (the result after the end is public)."""
    lines = [*c.messages(audience), c.what_now(audience), c.to_move_text()]
    if audience >= 0 and c.session.phase == "setup":  # the private moment's line
        lines.append(c.traps.private_line(c.players[audience]))
    return [line for line in lines if not c.result() or line != c.result()]


def assert_no_leak(c: GameController, traps: dict[int, str]) -> int:
    """Every audience (the public and each seat): no kind Giganten's own views hide from
    it, no kind's name in a line, no other player's trap square said [V5, I3]."""
    checks = 0
    state = c.state()
    # A trap square is an ordinary square until it springs: the squares the board and
    # the turns show anyway may be said (``tests/test_giganten_session.py``: _trap_words).
    public = [v for v in c.event_views(PUBLIC) if v["event"] == "turn"]
    shown = {str(sq) for v in public for path in (v["turn"].get("paths")
                                                   or [v["turn"].get("path") or []])
             for sq in path} | {f["square"] for f in c.board_view(PUBLIC)["figures"]}
    shown |= {sq for v in public for sq in str(v.get("public", {})).replace("'", " ").split()}
    for audience in (PUBLIC, *range(len(c.players))):
        view = c.board_view(audience)
        if state is not None:
            rules = state.rules_state  # type: ignore[attr-defined]
            known = known_on_board(rules, None if audience == PUBLIC else audience)
            for figure in view["figures"]:
                if "kind" in figure:
                    assert known.get(figure["square"]) == figure["kind"], (audience, figure)
        for line in shown_lines(c, audience):
            words = set(line.lower().replace("(", " ").replace(")", " ").replace(",", " ")
                        .replace(":", " ").split())
            own = audience >= 0 and line.split(":")[0].split(". ")[-1].split(" places")[0] \
                == i18n.player(c.players[audience])
            # A seat's own placement names the kinds it put down [V6]: its own figures.
            assert own or not words & KIND_WORDS, (audience, line)
            for owner, trap in traps.items():
                if owner != audience and trap not in shown:
                    assert trap not in words, (audience, owner, trap, line)
        checks += 1
    return checks


def traps_picked(c: GameController, rng: random.Random) -> dict[int, str]:
    """Each player's private moment: a valid trap square of their own rows, tapped."""
    assert c.traps.asked
    c.traps.choose(rng)
    traps = {p: c.traps.of(name) for p, name in enumerate(c.players)}
    assert all(traps.values()), traps
    return {p: sq for p, sq in traps.items() if sq is not None}


def power_cut(c: GameController, tmp_path: Path) -> GameController:
    """The power goes; the app comes back and resumes the latest log."""
    turns = c.session.turns
    c.close()
    again = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(2).randbytes)
    again.resume()
    assert again.screen == GAME_PLAY and again.session.turns == turns
    return again


def play_on(c: GameController, rng: random.Random, each: Any, limit: int | None = None) -> int:
    """Turns, ``each`` after every one, until ``limit`` turns were made or, without a limit,
    to the end: random turns may wander without one, so after ``OUT`` turns the player to
    move resigns, as a tired player would. How many turns were made."""
    turns = 0
    while c.screen == GAME_PLAY and turns < (OUT if limit is None else limit):
        one_turn(c, rng, turns)
        turns += 1
        each(c)
    if limit is None:
        resign_if_in_play(c)
    return turns


def test_the_secret_traps_are_picked_in_private_and_a_whole_game_verifies(
        tmp_path: Path) -> None:
    """V5 + V5a against the computer: the person's trap in a private moment (a square
    outside the own rows refused to its owner only), the computer's drawn; a power cut;
    the record verified and the traps revealed after the end [V5]."""
    i18n.set_language("en")
    shell, c = started(tmp_path, computer="orange", first="yellow", seed=7,
                     variants=("V5", "V5a"))
    assert c.active and shell.game is None, "V5 plays"
    assert c.screen == GAME_SETUP and c.traps.asked
    assert c.what_now().startswith("Set up; then each player alone: tap your seat")
    rng = random.Random(3)
    c.setup_editor.set_up_with(random.Random(1))
    traps = {p: sq for p, name in enumerate(c.players) if (sq := c.traps.of(name))}
    assert set(traps) == {0, 1}, "Set up all picks each side's trap"
    c.traps.set("yellow", "n14")
    assert c.traps.of("yellow") == "n14"
    problems = c.setup_problems("yellow")
    assert problems, "a trap outside the own rows is the owner's problem"
    assert not c.setup_problems("orange")
    assert c.traps.of("yellow") not in " ".join([*c.messages(1), c.what_now(1)])
    traps = traps_picked(c, rng)
    assert not c.setup_problems("yellow")
    checks = assert_no_leak(c, traps)
    c.start()
    assert c.screen == GAME_PLAY
    play_on(c, rng, lambda c: None, limit=12)
    c = power_cut(c, tmp_path)
    assert c.computer is not None and c.computer.player == 1
    sprung = looked = 0

    def each(c: GameController) -> None:
        nonlocal checks, sprung, looked
        checks += assert_no_leak(c, traps)
        looked += 1
        if c.combat_view() is not None:
            c.dismiss_card()
        sprung += any("traps" in v.get("public", {}) for v in c.event_views(PUBLIC)[-3:]
                      if v["event"] == "turn")
    turns = play_on(c, rng, each)
    assert_verified(c)
    # The computer thinks for a time budget, so the game's length varies with the load:
    # what must hold is that every turn after the cut was looked at by every audience.
    assert turns > 0 and looked == turns and checks == 3 * (turns + 1)


def test_a_reserve_figure_is_put_down_through_the_drawer_and_confirmed(
        tmp_path: Path) -> None:
    """V6 + V6b: the person keeps three figures back, puts one down on the own edge
    through the drawer from the third turn on, and confirms it with "Done"; its kind is
    the mover's only [V6, I3]; a power cut; the record verified."""
    for attempt in range(5):
        i18n.set_language("en")
        shell, c = started(tmp_path / f"game-{attempt}", computer="orange", first="yellow",
                         seed=5,
                         variants=("V6", "V6b"))
        assert c.active and shell.game is None, "V6 plays"
        c.setup_editor.set_up_with(random.Random(4))
        kept: list[str] = []
        assert c.game is not None
        geometry = c.game.geometry(c.session.options)
        for square, piece in sorted(c.session.board.items()):  # three kinds kept back [V6b]
            if piece.owner == 0 and piece.kind in ("tri", "dilo", "stego", "docus", "flug") \
                    and piece.kind not in kept and len(kept) < 3:
                c.pieces.remove(geometry.name(square))
                kept.append(piece.kind)
        assert sorted(c.pieces.placeable()) == sorted(kept), "the reserve stands beside the board"
        assert not c.setup_problems("yellow"), "a reserve of three is a complete setup"
        assert c.setup_progress()[0]["ready"], "Start is enabled with the reserve kept back"
        c.start()
        assert c.screen == GAME_PLAY, c.what_now()
        rng = random.Random(8)
        placed = 0
        turns = 0
        while c.screen == GAME_PLAY and turns < 3000:
            c.poll(0.05)
            state = c.state()
            assert state is not None
            rules = state.rules_state  # type: ignore[attr-defined]
            if (not placed and c.session.chosen is None and state.to_move == 0
                    and rules.may_place_reserve(0) and not c.choices.open_choices()):
                kinds = c.pieces.placeable()
                assert kinds, "the reserve stands beside the board"
                square = rules.board.name(reserve_squares(rules, 0)[0])
                before = c.session.turns
                c.pieces.place(square, kinds[0])
                assert c.choices.open_choices(), f"a placement is always confirmed: {c.what_now()}"
                assert "Done" in c.what_now(), c.what_now()
                left, left_on, _, _ = c.choices.choice_buttons()
                assert (left, left_on) == ("Done", True)
                c.choices.decline()  # "Done"
                settle_board(c)
                assert c.session.turns == before + 1, "the placement is the turn"
                placed += 1
                assert_no_leak(c, {})
                c = power_cut(c, tmp_path / f"game-{attempt}")
            else:
                one_turn(c, rng, turns)
            turns += 1
            if c.combat_view() is not None:
                c.dismiss_card()
        if placed:  # the computer may take the Nest before the third turn [W1]
            break
        c.go_home()
    assert placed == 1
    assert_verified(c)


def test_four_players_in_two_teams_play_to_the_end_with_a_power_cut(tmp_path: Path) -> None:
    """V9: four seats in turn order, their colours and teams, the setup zones of four
    (Set up all), a whole game of two people per team at one screen with a power cut; the
    record verified; every seat's view no more than Giganten's own [V9, I2]."""
    i18n.set_language("en")
    shell, c = started(tmp_path, first="yellow", seed=3, variants=("V9",))
    assert c.active and shell.game is None, "V9 plays"
    assert c.players == ("yellow", "orange", "yellow2", "orange2")
    assert teams(c.game) == [("yellow", "yellow2"), ("orange", "orange2")]
    assert [side["player"] for side in c.setup_progress()] == list(c.players)
    c.setup_editor.set_up_with(random.Random(6))
    assert all(side["ready"] for side in c.setup_progress())
    assert c.what_now() == "All setups are ready: tap Start"
    checks = assert_no_leak(c, {})
    c.start()
    rng = random.Random(2)
    play_on(c, rng, lambda c: None, limit=20)
    c = power_cut(c, tmp_path)
    assert c.players == ("yellow", "orange", "yellow2", "orange2")

    def each(c: GameController) -> None:
        nonlocal checks
        if checks < 400:
            checks += assert_no_leak(c, {})
        if c.combat_view() is not None:
            c.dismiss_card()
    play_on(c, rng, each)
    assert_verified(c)
    assert checks > 50


def test_four_players_against_the_computer_seat(tmp_path: Path) -> None:
    """V9 with the home screen's "Computer plays": the computer takes its seat (Orange),
    the three people the others at one screen, to the end."""
    _, c = started(tmp_path, computer="orange", first="yellow", seed=3, variants=("V9",))
    assert c.computer is not None and c.computer.player == 1 and c.audience == PUBLIC
    c.setup_editor.set_up_with(random.Random(6))
    c.start()
    play_on(c, random.Random(4), lambda c: c.dismiss_card())
    assert_verified(c)


def test_a_trap_without_v5_is_refused_in_one_line(tmp_path: Path) -> None:
    _, c = started(tmp_path, seed=1)
    i18n.set_language("en")
    with pytest.raises(ControllerError, match=r"^No secret traps in this game: choose"):
        c.traps.set("yellow", "c3")


def test_one_seat_control_opens_each_seats_moment_and_its_trap_tap(tmp_path: Path) -> None:
    """The setup screen's one private control [V5, V9, I3]: the four seats (never the
    computer's) each open their own moment at once; a board tap in it is that seat's trap
    and nobody else's; "Done" closes it and a tap is the board's again."""
    i18n.set_language("en")
    _, c = started(tmp_path, computer="orange", first="yellow", seed=3,
                   variants=("V5", "V9"))
    assert c.private.seats() == [p for p in c.players if p != "orange"], "not the computer's"
    assert len(c.private.seats()) == 3
    with pytest.raises(ControllerError, match=r"^Orange is the computer's side"):
        c.private.open("orange")
    c.setup_editor.set_up_with(random.Random(6))
    before = {p: c.traps.of(p) for p in c.players}
    assert not c.private.tap("c3"), "no moment open: the tap is the board's"
    c.private.open("orange2")
    assert c.private.player == "orange2"
    view = c.private.view()
    assert view is not None and view["player"] == "orange2", "shown at once, no hold"
    assert all(("kind" in f) == (f["owner"] == "orange2") for f in view["board"]["figures"])
    game, options = c.session.game, c.session.options
    seat = c.players.index("orange2")
    square = next(game.geometry(options).name(sq) for sq in sorted(game.setup_zone(seat, options))
                  if game.geometry(options).name(sq) != before["orange2"])
    assert c.private.tap(square)
    assert c.traps.of("orange2") == square
    assert {p: c.traps.of(p) for p in c.players if p != "orange2"} == \
        {p: t for p, t in before.items() if p != "orange2"}, "only the open seat's trap"
    assert square in c.traps.private_line("orange2")
    assert any("Orange 2" in line for line in c.messages(PUBLIC)), "everyone is told"
    assert square not in " ".join([*c.messages(PUBLIC), c.what_now(PUBLIC)])
    c.private.close()
    assert c.private.player is None and c.private.view() is None
    assert not c.private.tap("c3")
