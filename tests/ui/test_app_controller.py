"""The touchscreen's controller without a display: a whole game, private moments, languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.events import AdvanceOffer, BoardDiffers, ChallengePrompt, ToMove
from ui import i18n
from ui.controller import (
    LANDSCAPE,
    OVER_SCREEN,
    PLAY_SCREEN,
    SETUP_SCREEN,
    Controller,
    ControllerError,
    GameOptions,
)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts and ends in English (the language is process-wide)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def started(tmp_path: Path, **options: object) -> Controller:
    """A controller with a game set up on the simulated board and started, Yellow first."""
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3, **options))  # type: ignore[arg-type]
    assert controller.screen == LANDSCAPE
    controller.confirm_landscape()
    assert controller.screen == SETUP_SCREEN
    controller.setup_side()
    controller.start("yellow")
    assert controller.screen == PLAY_SCREEN
    return controller


def test_landscape_tiles_turn_and_swap(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    before = controller.tiles()
    controller.rotate_tile(0)
    assert controller.tiles()[0]["rotation"] == (before[0]["rotation"] + 1) % 4
    letter = before[1]["tile"]
    controller.set_tile(0, letter)
    tiles = controller.tiles()
    assert tiles[0]["tile"] == letter and tiles[1]["tile"] == before[0]["tile"]
    assert sorted(t["tile"] for t in tiles) == ["a", "b", "c", "d"]


def test_a_whole_game_by_hand_then_by_the_bots(tmp_path: Path) -> None:
    controller = started(tmp_path)
    for _ in range(6):  # six turns moved on the simulated board and answered on the screen
        state = controller.state()
        assert state is not None
        session = controller.session()
        if isinstance(session.status, BoardDiffers):
            for fix in session.status.fixes:
                controller.remove(state.board.name(fix.square))
            controller.settle()
        if isinstance(session.status, AdvanceOffer):
            controller.stay()
        assert isinstance(session.status, ToMove), session.status
        turn = next(t for t in state.legal_turns()
                    if t.path and not t.second and not t.place and t.reenter is None)
        board = state.board
        plies = state.ply
        controller.move(board.name(turn.path[0]), board.name(turn.path[-1]))
        controller.settle()
        if isinstance(session.status, ChallengePrompt):
            targets = controller.challenge_targets()
            assert targets == [board.name(t) for t in session.status.targets]
            if turn.challenge is not None:
                controller.challenge(board.name(turn.challenge))
            else:
                controller.no_challenge()
            controller.settle()
        after = controller.state()
        assert after is not None and after.ply == plies + 1
    assert any(m["type"] == "turn" for m in controller.messages())
    controller.auto()
    assert controller.screen == OVER_SCREEN
    assert controller.winner_text()
    assert controller.reveal()["setup"]
    assert controller.record_path is not None and controller.record_path.exists()
    assert controller.record_path.stat().st_mode & 0o077 == 0


def test_public_board_shows_no_kind_and_private_moment_shows_only_while_held(
        tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.setup_side()  # a private moment is for one's own setup (issue 18)
    assert all("kind" not in f for f in controller.board_view()["figures"])
    with pytest.raises(ControllerError):
        controller.hold_private()
    controller.request_private("yellow")
    assert controller.audience == "public"  # asked to look away: still nothing shown
    controller.hold_private()
    assert controller.board_view()["audience"] == "yellow"  # and the private panel's problems
    controller.release_private()
    assert controller.board_view()["audience"] == "public"
    controller.end_private()
    assert controller.private_request is None


def test_setup_problems_only_in_the_private_view(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.setup_side("yellow")
    controller.remove(next(sq for sq, owner in controller.physical().items()
                           if owner == "yellow"))
    controller.settle()
    progress = {p["player"]: p for p in controller.setup_progress()}
    assert not progress["yellow"]["ready"]
    assert all("problems" not in m for m in controller.messages() if m["type"] == "setup")
    assert controller.private_view("yellow")["problems"]


def test_outcome_only_shows_no_combatant(tmp_path: Path) -> None:
    controller = started(tmp_path, policy="outcome-only")
    controller.auto(12)
    combats = [m["action"]["combat"] for m in controller.messages()
               if m["type"] == "turn" and "combat" in m["action"]]
    assert combats
    assert all("challenger_kind" not in c and "challenged_kind" not in c for c in combats)


def test_trap_only_in_a_private_moment(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3, variants=("V5",)))
    controller.confirm_landscape()
    with pytest.raises(ControllerError):
        controller.set_trap("yellow", "c3")


def test_every_key_in_german_and_english() -> None:
    for key, texts in i18n.STRINGS.items():
        assert set(texts) == set(i18n.LANGUAGES), key
        assert texts["de"], key
    i18n.set_language("de")
    assert i18n.tr("new_game") == "Neues Spiel"
    assert i18n.player("yellow") == "Gelb"


def test_messages_in_german_keep_rule_ids(tmp_path: Path) -> None:
    controller = started(tmp_path, language="de")
    texts = [m["text"] for m in controller.messages()]
    assert any("zieht zuerst [S5]" in t for t in texts), texts
    controller.auto(8)
    turns = [m["text"] for m in controller.messages() if m["type"] == "turn"]
    assert turns and all(" zog " in t for t in turns)
    controller.set_language("en")
    assert any(" played " in m["text"] for m in controller.messages())
