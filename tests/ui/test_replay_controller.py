"""Replaying saved games on the touchscreen's controller (no display), as the public saw
them: the logs and full records the app writes, step by step."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.ui.english_words import english_in
from ui.control.game import GAME_OVER, GAME_PLAY, GameController
from ui.control.shell import HOME, REPLAY_SCREEN, Controller, ControllerError, GameOptions
from ui.giganten.handover import confirm_landscape, resume_latest
from ui.probes.giganten_shots import put_right, until_auto_done
from ui.words import i18n

from .test_giganten_app import KIND_WORDS

KIND_WORD = re.compile(r"\b(" + "|".join(sorted(KIND_WORDS, key=len, reverse=True)) + r")\b",
                       re.IGNORECASE)
NEST = re.compile(r"nest_taken|nest taken|\(nest\)|the nest|das nest|\bnest\b(?= \[W1\])",
                  re.IGNORECASE)
"""A taken Nest is an outcome everyone sees [I1, K4.2]: these phrases name no hidden kind."""


def finished(tmp_path: Path, turns: int = 6) -> GameController:
    """A Giganten game on the games' controller: every side set up, ``turns`` turns of
    "Auto" (fewer if the game ends), then Orange resigns. Seeded on purpose."""
    shell = Controller(log_dir=tmp_path)
    games = GameController(log_dir=tmp_path, budget=0.02,
                           entropy=random.Random(7).randbytes)
    shell.new_game(GameOptions(seed=3, first="yellow"))
    confirm_landscape(shell, games)
    games.setup_editor.set_up_with(random.Random(3))
    games.start()
    games.auto.start(turns)
    until_auto_done(games)
    put_right(games)
    if games.screen == GAME_PLAY:
        games.resign("orange")
    assert games.screen == GAME_OVER
    return games


def _hidden_kinds(text: str) -> list[str]:
    return KIND_WORD.findall(NEST.sub("", text))


def test_the_saved_games_are_listed_and_a_log_is_stepped_through(tmp_path: Path) -> None:
    games = finished(tmp_path)
    log, turns = games.log_path, games.session.turns
    assert log is not None and games.record_path is not None
    games.close()
    replay = Controller(log_dir=tmp_path)
    assert set(replay.records()) == {log, games.record_path}, "the side file is no game"
    replay.go(REPLAY_SCREEN)
    replay.open_replay(log)
    assert replay.screen == REPLAY_SCREEN and replay.replay is not None
    steps = len(replay.replay)
    assert steps == turns + 1  # the start and every turn; the resignation ends the last
    replay.step_replay(to=1)
    view, what = replay.replay_view()  # type: ignore[misc]
    assert view["last_turn"] is not None and what.startswith("1. Yellow")
    replay.step_replay(+100)
    assert replay.replay_step == steps - 1
    view, what = replay.replay_view()  # type: ignore[misc]
    assert view["winner"] == "yellow" and what.endswith("Yellow wins: the other side resigned")
    replay.step_replay(-100)
    assert replay.replay_step == 0
    assert replay.replay_view()[1] == "The start: every figure set up"  # type: ignore[index]
    replay.close_replay()
    assert replay.replay is None
    replay.go(HOME)


def test_the_full_record_replays_like_the_log(tmp_path: Path) -> None:
    games = finished(tmp_path)
    log, record = games.log_path, games.record_path
    assert log is not None and record is not None
    games.close()
    shown = []
    for path in (log, record):
        replay = Controller(log_dir=tmp_path)
        replay.open_replay(path)
        assert replay.replay is not None
        steps = []
        for step in range(len(replay.replay)):
            replay.step_replay(to=step)
            steps.append(replay.replay_view())
        shown.append(steps)
    assert shown[0] == shown[1]


def test_no_step_shows_a_hidden_kind(tmp_path: Path) -> None:
    """The replay is of what the public saw: no figure's kind on the board, none in a
    line, at any step [I2, I4]."""
    games = finished(tmp_path, turns=12)
    log = games.log_path
    assert log is not None
    games.close()
    replay = Controller(log_dir=tmp_path)
    replay.open_replay(log)
    assert replay.replay is not None
    for step in range(len(replay.replay)):
        replay.step_replay(to=step)
        view, what = replay.replay_view()  # type: ignore[misc]
        assert all("kind" not in figure for figure in view["figures"]), step
        assert _hidden_kinds(what) == [], (step, what)


def replay_lines(replay: Controller) -> list[str]:
    """The replay screen's line at every step, from the first to the last."""
    assert replay.replay is not None
    lines = []
    for step in range(len(replay.replay)):
        replay.step_replay(to=step)
        lines.append(replay.replay_view()[1])  # type: ignore[index]
    return lines


def test_the_replay_of_todays_log_speaks_the_ui_language(tmp_path: Path) -> None:
    games = finished(tmp_path)
    log = games.log_path
    assert log is not None
    games.close()
    replay = Controller(log_dir=tmp_path)
    replay.open_replay(log)
    assert replay.replay is not None
    i18n.set_language("de")
    try:
        lines = replay_lines(replay)
        assert [english_in(line) for line in lines] == [[]] * len(lines), lines
        assert lines[0].startswith("Der Anfang") and lines[1].startswith("1. Gelb")
        assert lines[-1].endswith("Gelb gewinnt: die andere Seite hat aufgegeben")
    finally:
        i18n.set_language("en")


def test_a_file_that_is_no_game_is_refused_with_the_reason(tmp_path: Path) -> None:
    junk = tmp_path / "notes.json"
    junk.write_text('{"hello": 1}')
    controller = Controller(log_dir=tmp_path)
    with pytest.raises(ControllerError, match="neither a game's log nor a JSON record"):
        controller.open_replay(junk)
    with pytest.raises(ControllerError):
        controller.step_replay(1)


def test_a_public_record_of_todays_games_is_refused_in_one_line(tmp_path: Path) -> None:
    from companion.archive.game_records import public_record
    from companion.ledger.record import verify

    games = finished(tmp_path)
    log = games.log_path
    assert log is not None
    games.close()
    path = tmp_path / "game.public.json"
    path.write_text(json.dumps(public_record(verify(log))))
    with pytest.raises(ControllerError, match="the public one") as refused:
        Controller(log_dir=tmp_path).open_replay(path)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_replay_screen_says_what_to_do(tmp_path: Path, language: str) -> None:
    """Issue 17, tried as a new user: the replay screen had no line saying what to do (and
    named the log folder's path when it was empty)."""
    from ui.words.now_line import now_line
    from ui.words.plain_text import dev_text_in

    games = finished(tmp_path / "games", turns=2)
    log = games.log_path
    assert log is not None
    games.close()
    empty = Controller(log_dir=tmp_path / "none")
    i18n.set_language(language)
    try:
        empty.go(REPLAY_SCREEN)
        lines = [now_line(empty).text]
        replay = Controller(log_dir=log.parent)
        replay.go(REPLAY_SCREEN)
        lines.append(now_line(replay).text)
        replay.open_replay(log)
        lines.append(now_line(replay).text)
        assert [line for line in lines if not line] == []
        assert len(set(lines)) == 3  # none saved, pick one, step through it
        assert not any(dev_text_in(line) for line in lines), lines
        if language == "de":
            assert [english_in(line) for line in lines] == [[], [], []]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_saved_games_are_named_without_their_files(tmp_path: Path, language: str) -> None:
    """Issue 17, tried as a new user: the replay list showed file names
    ("game-20261125-143845.log"); now what each is and when, in the UI's language."""
    from ui.words.plain_text import dev_text_in

    games = finished(tmp_path)
    assert games.log_path is not None and games.record_path is not None
    games.close()
    replay = Controller(log_dir=tmp_path)
    i18n.set_language(language)
    try:
        choices = replay.replay_choices()
        assert sorted(path for _, path in choices) == sorted(replay.records())
        assert len(choices) == 2, "the log and the record; the side file is no game"
        for text, path in choices:
            assert path.name not in text and path.stem not in text
            assert not dev_text_in(text), text
            if language == "de":
                assert english_in(text) == [], text
                assert text.startswith(("Spielprotokoll vom ", "Spielbericht vom "))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_file_that_does_not_replay_or_resume_is_told_in_the_ui_language(
        tmp_path: Path, language: str) -> None:
    """Issue 17: a file that is no game, or a broken log, answered the German screen with
    the engine's English ("not a game record …", "… does not replay …")."""
    junk = tmp_path / "game-1.log"
    junk.write_text('{"hello": 1}\n')
    controller = Controller(log_dir=tmp_path)
    games = GameController(log_dir=tmp_path)
    i18n.set_language(language)
    try:
        said = []
        actions: list[Callable[[], object]] = [
            lambda: controller.open_replay(tmp_path / "game-1.log"),
            lambda: resume_latest(games, junk)]
        for action in actions:
            with pytest.raises(ControllerError) as refused:
                action()
            said.append(str(refused.value))
        assert all("\n" not in text for text in said)
        if language == "de":  # the broken log's reason is the log reader's own line
            assert english_in(said[0]) == [], said
        else:
            assert said[0].startswith("This file cannot be replayed: ")
            assert said[1].startswith("That game cannot be resumed: ")
        assert not games.active
    finally:
        i18n.set_language("en")
