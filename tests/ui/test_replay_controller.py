"""Replaying saved games on the touchscreen's controller (no display): the log and every
record kind, step by step, as the public saw them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.archive.records import LoggedGame, make_record
from tests.sim_games import KIND_WORDS, PUBLIC_NEST_PHRASES
from tests.ui.english_words import english_in
from ui import i18n
from ui.controller import HOME, REPLAY_SCREEN, Controller, ControllerError, GameOptions


def finished(tmp_path: Path) -> Controller:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    controller.auto(6)
    controller.resign("orange")
    return controller


def test_the_saved_games_are_listed_and_a_log_is_stepped_through(tmp_path: Path) -> None:
    controller = finished(tmp_path)
    log = controller.session().log_path
    assert log is not None
    replay = Controller(log_dir=tmp_path)
    assert log in replay.records()
    replay.go(REPLAY_SCREEN)
    replay.open_replay(log)
    assert replay.screen == REPLAY_SCREEN and replay.replay is not None
    steps = len(replay.replay)
    assert steps == 8  # the start, six turns and the resignation
    replay.step_replay(to=3)
    view, what = replay.replay_view()  # type: ignore[misc]
    assert view["ply"] == 3 and view["audience"] == "public" and what
    replay.step_replay(+100)
    assert replay.replay_step == steps - 1
    replay.step_replay(-100)
    assert replay.replay_step == 0
    replay.close_replay()
    assert replay.replay is None
    replay.go(HOME)


@pytest.mark.parametrize("kind", ["public", "full", "referee"])
def test_every_record_kind_replays(tmp_path: Path, kind: str) -> None:
    controller = finished(tmp_path)
    log = controller.session().log_path
    assert log is not None
    path = tmp_path / f"game.{kind}.json"
    path.write_text(json.dumps(make_record(LoggedGame.read(log), kind)))
    replay = Controller(log_dir=tmp_path)
    replay.open_replay(path)
    assert replay.replay is not None and len(replay.replay) >= 7
    for step in range(len(replay.replay) - 1):  # before the end nothing hidden is shown
        replay.step_replay(to=step)
        view, what = replay.replay_view()  # type: ignore[misc]
        assert view["audience"] == "public"
        assert not KIND_WORDS.findall(PUBLIC_NEST_PHRASES.sub("", what.lower())), what


def test_a_file_that_is_no_game_is_refused_with_the_reason(tmp_path: Path) -> None:
    junk = tmp_path / "notes.json"
    junk.write_text('{"hello": 1}')
    controller = Controller(log_dir=tmp_path)
    with pytest.raises(ControllerError, match="not a game record"):
        controller.open_replay(junk)
    with pytest.raises(ControllerError):
        controller.step_replay(1)


@pytest.mark.parametrize("kind", ["log", "full", "referee"])
def test_the_replay_speaks_the_ui_language(tmp_path: Path, kind: str) -> None:
    """Issue 17: the German replay screen showed the record's English ("Yellow played
    a1-a8, challenged a9: both lose …"); each turn is now worded from the step's public
    view, still without a past combat's kinds."""
    controller = finished(tmp_path)
    log = controller.session().log_path
    assert log is not None
    path = log
    if kind != "log":
        path = tmp_path / f"game.{kind}.json"
        path.write_text(json.dumps(make_record(LoggedGame.read(log), kind)))
    replay = Controller(log_dir=tmp_path)
    replay.open_replay(path)
    assert replay.replay is not None
    i18n.set_language("de")
    try:
        lines = []
        for step in range(len(replay.replay)):
            replay.step_replay(to=step)
            _view, what = replay.replay_view()  # type: ignore[misc]
            lines.append(what)
            assert english_in(what) == [], (step, what)
        assert lines[0].startswith("Das Spiel beginnt: Gelb zieht zuerst")
        assert any(" zog " in line for line in lines[1:])
        assert lines[-1] == "Orange gibt auf; Spielende: Gelb gewinnt (Aufgabe)"
        for line in lines[:-1]:
            assert not KIND_WORDS.findall(PUBLIC_NEST_PHRASES.sub("", line.lower())), line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_replay_screen_says_what_to_do(tmp_path: Path, language: str) -> None:
    """Issue 17, tried as a new user: the replay screen had no line saying what to do (and
    named the log folder's path when it was empty)."""
    from ui.now_line import now_line
    from ui.plain_text import dev_text_in

    empty = Controller(log_dir=tmp_path / "none")
    i18n.set_language(language)
    try:
        empty.go(REPLAY_SCREEN)
        lines = [now_line(empty).text]
        controller = finished(tmp_path)
        log = controller.session().log_path
        assert log is not None
        replay = Controller(log_dir=tmp_path)
        i18n.set_language(language)
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
    from ui.plain_text import dev_text_in

    controller = finished(tmp_path)
    log = controller.session().log_path
    assert log is not None and controller.record_path is not None
    replay = Controller(log_dir=tmp_path)
    i18n.set_language(language)
    try:
        choices = replay.replay_choices()
        assert sorted(path for _, path in choices) == sorted(replay.records())
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
    i18n.set_language(language)
    try:
        said = []
        for action in (lambda: controller.open_replay(tmp_path / "game-1.log"),
                       lambda: controller.resume(junk)):
            with pytest.raises(ControllerError) as refused:
                action()
            said.append(str(refused.value))
        if language == "de":
            assert [english_in(text) for text in said] == [[], []], said
        else:
            assert said[0].startswith("This file cannot be replayed: ")
            assert said[1].startswith("The last game cannot be resumed: ")
    finally:
        i18n.set_language("en")
