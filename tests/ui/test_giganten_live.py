"""Giganten in the app on the REAL reader board through the games' controller (issue 13):
``GameController`` over emulated MFRC522 chips on a decoded SPI bus
(``hardware.emulation``), Giganten's layout (the readers' whole board) and the club's
figures from Giganten's own registry (``GameRegistry.of_figures``, the file ``giganten
enrol`` writes). The hands move tags on the emulated readers; ``poll`` drains what the
reader's thread read. The person's challenge is tapped on the screen, the computer's is
confirmed with "Done" and its result put down as the screen says."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.game import Piece
from companion.game_registry import GameRegistry
from companion.games import get_game
from companion.registry import Figure
from tests.hardware.test_live_giganten import club_registry
from tests.ui.test_game_live_board import Hands
from ui.control.game import GAME_PLAY, GAME_SETUP, GameController
from ui.control.shell import Controller
from ui.control.shell_state import ControllerError, GameOptions
from ui.giganten.handover import confirm_landscape
from ui.words.giganten_text import target


@pytest.fixture
def hands(tmp_path: Path) -> Iterator[Hands]:
    hands = Hands(get_game("giganten"), tmp_path)
    hands.registry = club_registry(tmp_path / "registry.json")
    yield hands
    hands.close()


def opened(hands: Hands, tmp_path: Path, computer: str | None) -> GameController:
    """The home screen's new game, the landscape confirmed, on the readers."""
    c = hands.open(tmp_path)
    c.giganten_computer = computer
    shell = Controller(log_dir=tmp_path / "logs")
    shell.new_game(GameOptions(first="yellow", seed=5))
    confirm_landscape(shell, c)
    return c


def set_up(hands: Hands, c: GameController, kept: tuple[str, ...] = ()) -> None:
    """Both players put down a valid setup in their zones [S1-S4] with the club's tags;
    Yellow keeps the kinds ``kept`` back beside the board (the reserve [V6])."""
    game, options = hands.game, c.session.options
    hands.tags = dict(GameRegistry.of_figures(game, hands.registry, options)
                      .for_game(options))
    hands.box = sorted(hands.tags)
    rng = random.Random(3)
    for player in (0, 1):
        kinds = [kind.id for kind in game.kinds(options) for _ in range(kind.count)]
        for kind in kept if player == 0 else ():
            kinds.remove(kind)
        zone = sorted(game.setup_zone(player, options))
        for _ in range(1000):
            rng.shuffle(zone)
            chosen = dict(zip(zone, kinds, strict=False))
            if not game.check_setup(player, chosen, options):
                break
        hands.show({}, {sq: Piece(player, kind) for sq, kind in chosen.items()})
    hands.until(lambda: all(side["ready"] for side in c.setup_progress()),
                "both setups read and checked")
    c.start()
    assert c.screen == GAME_PLAY


def put_right(hands: Hands, c: GameController, before: dict[int, Piece]) -> None:
    """The result put down as the screen says (the loser off, a winner in)."""
    state = c.session.state
    assert state is not None
    hands.show(before, dict(state.pieces()))
    hands.until(lambda: not c.session.fixing and c.session.board == dict(state.pieces()),
                f"the result put down: {c.what_now()}")


def test_giganten_against_the_computer_on_the_readers_with_the_clubs_figures(
        hands: Hands, tmp_path: Path) -> None:
    c = opened(hands, tmp_path, "orange")
    assert not c.live_board.simulated and c.screen == GAME_SETUP and c.game is not None
    set_up(hands, c)
    game = c.game
    challenged = computer_done = 0
    for _ in range(120):
        if c.session.phase != "play" or (challenged and computer_done):
            break
        state = c.session.state
        assert state is not None
        number = c.session.turns
        if state.to_move == 1:  # the computer: announced, carried out by hand
            hands.until(lambda: c.session.chosen is not None, "the computer's turn")
            chosen = c.session.chosen
            assert chosen is not None and "carry it out" in c.what_now()
            with pytest.raises(ControllerError):
                c.pieces.carry_out()  # no drawer on the real board
            if c.choices.computer_waits():
                c.choices.decline()  # "Done": the result is said, then put down
                put_right(hands, c, dict(chosen.before))
                computer_done += 1
            else:
                assert chosen.after is not None
                hands.show(dict(chosen.before), dict(chosen.after))
            hands.until(lambda n=number: c.session.turns > n and not c.session.fixing,
                        "the computer's turn read")
            continue
        turns = [t for t in state.legal_turns() if getattr(t, "path", None)]
        challenges = [t for t in turns if t.challenge is not None and len(t.path) == 2]
        turn = challenges[0] if challenges else random.Random(number).choice(
            [t for t in turns if t.challenge is None and len(t.path) == 2])
        data = game.turn_to_json(state, turn)
        before = dict(state.pieces())
        origin, to = (game.geometry(c.session.options).parse(sq) for sq in data["path"])
        moved = {**{sq: p for sq, p in before.items() if sq != origin}, to: before[origin]}
        hands.show(before, moved)
        if challenges:
            square = target(data)
            hands.until(lambda s=square: s in c.choices.challenge_targets(), "the challenge asked")
            assert c.choices.choose_square(square)
            assert c.combat_view() is not None, "the reveal card"
            put_right(hands, c, moved)
            challenged += 1
        else:
            hands.until(lambda n=number: c.session.turns > n or bool(c.choices.open_choices()),
                        "the move read")
            if c.choices.open_choices():
                c.choices.decline()
        hands.until(lambda n=number: c.session.turns > n, "the person's turn committed")
    assert challenged >= 1, c.messages()
    assert c.session.phase != "play" or computer_done >= 1 or challenged >= 1


def test_a_club_set_not_all_enrolled_says_so_in_one_line(hands: Hands,
                                                          tmp_path: Path) -> None:
    hands.registry = club_registry(tmp_path / "short.json",
                                   leave_out=Figure("orange", "tri", 2))
    with pytest.raises(ControllerError) as refused:
        opened(hands, tmp_path, None)
    assert "\n" not in str(refused.value) and "brettl enrol" in str(refused.value)


def test_a_reserve_figure_is_put_down_by_hand_on_the_readers(hands: Hands,
                                                             tmp_path: Path) -> None:
    """V6 on the readers: Yellow keeps three figures back (still a complete setup), puts
    one down by hand on the own edge from the third turn on, and confirms it with "Done"
    (the session's ``ChoiceNeeded``); the placement is the turn [V6]."""
    from companion.game_events import TurnCommitted
    from companion.games.giganten.movegen import reserve_squares

    c = hands.open(tmp_path)
    shell = Controller(log_dir=tmp_path / "logs")
    shell.new_game(GameOptions(first="yellow", seed=5, variants=("V6",)))
    confirm_landscape(shell, c)
    assert c.active and not c.live_board.simulated and c.screen == GAME_SETUP
    set_up(hands, c, kept=("tri", "dilo", "stego"))  # the reserve, beside the board [V6]
    for _ in range(12):
        state = c.session.state
        assert state is not None
        rules = state.rules_state  # type: ignore[attr-defined]
        if state.to_move == 0 and rules.may_place_reserve(0):
            break
        number = c.session.turns
        turns = [t for t in state.legal_turns() if getattr(t, "path", None)
                 and t.challenge is None and len(t.path) == 2]
        hands.play(random.Random(number).choice(turns))
        hands.until(lambda n=number: c.session.turns > n or bool(c.choices.open_choices()),
                    "the move read")
        if c.choices.open_choices():
            c.choices.decline()
        hands.until(lambda n=number: c.session.turns > n, "the turn committed")
    state = c.session.state
    assert state is not None and state.to_move == 0
    number, before = c.session.turns, dict(state.pieces())
    edge = reserve_squares(state.rules_state, 0)  # type: ignore[attr-defined]
    hands.show(before, {**before, edge[0]: Piece(0, "tri")})
    hands.until(lambda: bool(c.choices.open_choices()), "the placement read and asked")
    assert "Done" in c.what_now() and c.choices.choice_buttons()[:2] == ("Done", True)
    c.choices.decline()  # "Done"
    hands.until(lambda: c.session.turns > number, "the placement committed")
    assert c.sim is not None
    last = next(e for e in reversed(c.sim.events) if isinstance(e, TurnCommitted))
    assert "place" in last.turn, last.turn
