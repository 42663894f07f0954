"""The app's controller for Strategus and Gimmel (``ui.control.game``), without a display.

Whole games person-against-computer on the simulated board, to the end: the person's turns
made as on the screen (figures dragged, stones placed from the hand), the computer's
announced turns carried out by the drawer's helper, a power cut in the middle (a new
controller resumes from the log), the record saved and verified. And a leak test: after
every action, no view the controller gives any audience shows a kind its rules hide.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import verify_log, verify_record
from companion.game import PUBLIC
from companion.ledger.record import verify as read_log
from companion.table.opponent import choose_turn
from ui.control.game import (
    GAME_OVER,
    GAME_PLAY,
    GAME_SETUP,
    GameController,
    NewGame,
    has_long,
)
from ui.control.shell_state import HOME, ControllerError
from ui.words import i18n
from ui.words.play_strings import PLAY_STRINGS

STRATEGUS_KINDS = ("elephant", "grizzly", "rhino", "gorilla", "lion", "tiger", "wolf", "fox",
                   "hare", "mouse", "trap", "apple")
KIND_WORDS = {word.lower() for kind in STRATEGUS_KINDS
              for word in PLAY_STRINGS[f"kind_{kind}"].values()}
"""Every Strategus kind's name in both languages (and its id)."""


def controller(tmp_path: Path) -> GameController:
    return GameController(log_dir=tmp_path, budget=0.02)


def person_turn(c: GameController, rng: random.Random) -> None:
    """The person's turn, made as on the screen: a stone placed from the hand, or a figure
    dragged (onto an enemy: a capture or an attack)."""
    state = c.state()
    assert state is not None and c.game is not None
    turn = choose_turn(c.game, state, rng, level="easy")
    data = c.game.turn_to_json(state, turn)
    if "place" in data:
        ((square, kind),) = data["place"].items()
        c.pieces.place(square, kind)
    else:
        c.pieces.move(data["path"][0], data["path"][-1])


def one_turn(c: GameController, rng: random.Random) -> None:
    """Whoever is to move: the computer's announced turn carried out, or the person's."""
    c.poll(0.05)  # the clock ticks: a computer that is due chooses its turn
    if c.session.chosen is not None:
        assert c.what_now().startswith("Computer: ")
        c.pieces.carry_out()
    else:
        person_turn(c, rng)


def play_to_the_end(c: GameController, rng: random.Random, *, limit: int = 2000,
                    each: Any = None) -> int:
    """Turns until the game ends or ``limit`` turns were made (the game may go on)."""
    turns = 0
    while c.screen == GAME_PLAY and turns < limit:
        one_turn(c, rng)
        turns += 1
        if each is not None:
            each(c)
    return turns


def play_out(c: GameController, rng: random.Random, *, each: Any = None) -> None:
    """A whole game: random turns may wander without an end (no rule ends a long game), so
    after 600 turns the player to move resigns, as a tired player would; the game is over."""
    play_to_the_end(c, rng, limit=600, each=each)
    if c.screen == GAME_PLAY:
        state = c.state()
        assert state is not None and c.game is not None
        c.resign(c.game.players[state.to_move])
    assert c.screen == GAME_OVER


def power_cut(c: GameController, log_dir: Path) -> GameController:
    """The power goes: the process is gone (its log file closed by the OS); a new app
    starts and resumes the latest game."""
    c.close()
    again = controller(log_dir)
    again.resume()
    return again


def assert_verified(c: GameController) -> None:
    assert c.screen == GAME_OVER
    assert c.result(), "the winner and the reason are said"
    assert c.record_path is not None and c.record_path.exists()
    record = json.loads(c.record_path.read_text())
    verdict = verify_record(record)
    assert verdict.problems == [], verdict.summary()
    assert record["result"] is not None
    assert c.log_path is not None
    entries = read_log(c.log_path)
    assert verify_log(entries).problems == []


def test_the_registry_names_the_games_the_app_offers() -> None:
    from companion.games import game_names
    from ui.giganten.handover import STARTED_HERE

    assert game_names() == ("giganten", "strategus", "gimmel")
    assert {"giganten"} == STARTED_HERE, "Giganten starts on its settings and landscape"
    from companion.games import get_game
    assert has_long(get_game("gimmel")) and not has_long(get_game("strategus"))


def test_a_whole_strategus_game_against_the_computer_with_a_power_cut(tmp_path: Path) -> None:
    i18n.set_language("en")
    c = controller(tmp_path)
    c.new_game(NewGame("strategus", computer="blue"))
    assert c.screen == GAME_SETUP and c.audience == 0
    assert "home rows" in c.what_now()
    with pytest.raises(ControllerError):
        c.start()  # nothing set up: refused by the session, said on the screen
    c.setup_editor.set_up()
    assert all(side["ready"] for side in c.setup_progress())
    assert c.what_now() == "Both setups are ready: tap Start"
    c.start()
    assert c.screen == GAME_PLAY
    rng = random.Random(5)
    play_to_the_end(c, rng, limit=12)
    c.poll(0.05)
    while c.session.chosen is None:  # cut the power while the computer's turn is announced
        assert c.screen == GAME_PLAY
        person_turn(c, rng)
        c.poll(0.05)
    turns_before = c.session.turns
    c = power_cut(c, tmp_path)
    assert c.screen == GAME_PLAY and c.session.turns == turns_before
    assert c.computer is not None and c.computer.player == 1, "still against the computer"
    c.poll(0.05)
    assert c.session.chosen is not None, "the computer announces its turn again"
    play_out(c, rng)
    assert_verified(c)
    assert "wins" in c.result() or "draw" in c.result()
    c.go_home()
    assert c.screen == HOME and not c.active


def test_play_again_starts_the_same_choice_afresh_even_after_a_power_cut(
        tmp_path: Path) -> None:
    i18n.set_language("en")
    c = controller(tmp_path)
    with pytest.raises(ControllerError):
        c.play_again()  # nothing played yet: said on the screen
    c.new_game(NewGame("gimmel", long=True, computer="white", level="easy", legal=True))
    state = c.state()
    assert state is not None and c.game is not None
    c.resign(c.game.players[state.to_move])
    first_log = c.log_path
    c = power_cut(c, tmp_path)
    assert c.screen == GAME_OVER
    c.play_again()
    assert c.screen == GAME_PLAY and c.session.turns == 0
    assert c.log_path != first_log, "a new game, a new log"
    assert c.choice == NewGame("gimmel", long=True, computer="white", level="easy",
                               legal=True, settings={"variants": ["long"]})
    assert c.session.options == {"variants": ["long"]}, "the long variant again"
    assert c.computer is not None and c.computer.level == "easy"
    assert first_log is not None and first_log.exists(), "the finished game's log is kept"


def test_a_whole_gimmel_game_against_the_computer_with_a_power_cut(tmp_path: Path) -> None:
    i18n.set_language("de")
    try:
        c = controller(tmp_path)
        c.new_game(NewGame("gimmel", computer="black", level="easy"))
        assert c.screen == GAME_PLAY, "Gimmel starts on an empty board: no setup"
        assert c.counts() == ["Punkte: Weiß 0 - Schwarz 0",
                              "Hand Weiß: Käfer 4, Katzengöttin 4, Falke 4",
                              "Hand Schwarz: Käfer 4, Katzengöttin 4, Falke 4"]
        rng = random.Random(3)
        person_turn(c, rng)
        assert c.what_now() == "Der Computer denkt nach", "said before it thinks"
        assert c.session.chosen is None
        c.poll(0.05)
        assert c.what_now().startswith("Computer: ") and c.session.chosen is not None
        play_to_the_end(c, rng, limit=8)
        assert c.session.turns >= 9
        c = power_cut(c, tmp_path)
        assert c.screen == GAME_PLAY and c.computer is not None
        assert c.computer.level == "easy"
        play_out(c, rng)
        assert_verified(c)
        assert "gewinnt" in c.result() or "Unentschieden" in c.result()
        assert any("Punkte" in line for line in c.counts())
    finally:
        i18n.set_language("en")


def test_the_choice_row_is_empty_for_a_game_whose_board_leaves_no_choice(
        tmp_path: Path) -> None:
    """The play screen's two choice buttons carry text only for a game whose board can
    leave a turn's choice open (``PendingChoices``: Giganten's challenge and advance [C1,
    K5]); Strategus and Gimmel never show them."""
    for name in ("strategus", "gimmel"):
        c = controller(tmp_path / name)
        c.new_game(NewGame(name))
        assert c.choices.choice_buttons() == ("", False, "", False), name
    c = controller(tmp_path / "giganten")
    c.new_game(NewGame("giganten"))
    left, _, right, right_on = c.choices.choice_buttons()
    assert left and right == "Advance" and not right_on


def test_the_long_gimmel_has_eight_of_each_stone(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel", long=True))
    view = c.board_view()
    assert view["hands"]["white"] == {"beetle": 8, "cat": 8, "falcon": 8}
    assert c.audience == PUBLIC, "two people share the screen"


def test_a_stone_is_placed_from_the_hand_of_the_player_to_move(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel"))
    c.pieces.place("e5", "falcon")
    assert c.board_view()["hands"]["white"]["falcon"] == 3
    assert c.messages()[-1] == "1. White places a Falcon on e5"
    c.pieces.move("e5", "e6")  # a falcon never goes one square: refused, the way back said
    assert c.what_now().startswith("Not allowed")
    c.pieces.move("e6", "e5")
    assert c.what_now() == "Black: place a stone from the hand or move one"


def test_a_drag_onto_a_taken_square_with_no_legal_turn_says_so(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel"))
    c.pieces.place("e5", "beetle")
    c.pieces.place("e7", "beetle")
    with pytest.raises(ControllerError, match="e7 is taken"):
        c.pieces.move("e5", "e7")  # a beetle goes one square: no turn from e5 onto e7


def test_resume_without_a_log_says_so(tmp_path: Path) -> None:
    with pytest.raises(ControllerError, match="No game to resume"):
        controller(tmp_path).resume()


# --- Hidden information ------------------------------------------------------------------


def shown_texts(c: GameController, audience: int) -> list[str]:
    """The texts on the screen; the end's reason ("the Apple was taken") is public [W1]."""
    texts = [*c.messages(audience), c.what_now(audience), c.to_move_text(), *c.counts(audience)]
    return [text for text in texts if not c.result() or text != c.result()]


def assert_no_leak(c: GameController) -> int:
    """Every audience's views now: no kind its rules hide; returns the checks made."""
    checks = 0
    for audience in (PUBLIC, 0, 1):
        view = c.board_view(audience)
        for figure in view["figures"]:
            owner = c.players.index(figure["owner"])
            assert "kind" not in figure or owner == audience, (audience, figure)
        for text in shown_texts(c, audience):
            words = set(text.lower().replace("(", " ").replace(")", " ").split())
            assert not words & KIND_WORDS, (audience, text)
        card = c.combat_view(audience)
        if card is not None:
            combat = card["last_turn"]["combat"]
            if audience == PUBLIC:
                assert "challenger_kind" not in combat and "rule" not in combat
        checks += 1
    return checks


def test_no_view_of_the_app_shows_a_hidden_strategus_kind(tmp_path: Path) -> None:
    """A whole game between two people on one screen and, for every audience after every
    turn (the moment of a combat and after it), the board, the lines, the card. Games
    follow one another until enough was checked: a setup may end in a few turns."""
    combats = 0
    checks = 0

    def each(c: GameController) -> None:
        nonlocal combats, checks
        checks += assert_no_leak(c)
        card = c.combat_view(0)
        if card is not None:
            combats += 1
            combat = card["last_turn"]["combat"]
            assert combat["challenger_kind"] in STRATEGUS_KINDS, "the players see the moment"
            c.dismiss_card()
            assert c.combat_view(0) is None, "the card goes when tapped"
            checks += assert_no_leak(c)

    rng = random.Random(11)
    for game in range(8):
        c = controller(tmp_path / str(game))
        c.new_game(NewGame("strategus"))
        assert c.audience == PUBLIC
        c.setup_editor.set_up()
        checks += assert_no_leak(c)
        c.start()
        play_out(c, rng, each=each)
        c.close()
        if combats > 0 and checks > 100:
            break
    assert combats > 0 and checks > 100


def test_a_first_game_on_a_fresh_pi_makes_its_private_log_folder(tmp_path: Path) -> None:
    """No log folder yet (a fresh Pi): a Strategus game, whose log begins with play, still
    starts; the folder is made private to the companion's user."""
    logs = tmp_path / "fresh" / "logs"
    c = controller(logs)
    c.new_game(NewGame("strategus"))
    assert logs.is_dir() and logs.stat().st_mode & 0o777 == 0o700
    c.close()


def test_setup_problems_are_told_to_their_owner_only(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("strategus"))
    c.pieces.place("a1", "apple")
    c.pieces.move("a1", "a6")  # out of red's four home rows
    assert c.setup_problems("blue") == []
    assert c.setup_problems("red"), "red is told"
    public = c.board_view(PUBLIC)["figures"]
    assert public and all("kind" not in f for f in public)
    assert all("kind" not in f for f in c.board_view(1)["figures"])
    assert not c.setup_progress()[0]["ready"]
