"""The game's sounds (``ui.audio.tones``, ``ui.control.sounds``): a tone for each turn, a
lower one when a figure left the board, a chord at the end; chosen from the public view
only, silent for a resumed game's past; the tones are real WAV files. And the voice
(``ui.audio.voice``) that says the computer's turn on the real board."""

from __future__ import annotations

import random
import time
import wave
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from companion.game import PUBLIC
from companion.game_events import GameEnded, TurnCommitted
from companion.views.games import event_view
from tests.ui.test_game_controller import controller, play_out, play_to_the_end, power_cut
from ui.audio.tones import CUES, END, MOVE, RATE, TAKE, cue, write_tones
from ui.audio.voice import Voice
from ui.control.game import GAME_PLAY, GameController, NewGame
from ui.words import i18n


def listening(c: GameController) -> list[str]:
    heard: list[str] = []
    c.sounds.cue_listeners.append(heard.append)
    return heard


def expected_cues(c: GameController, since: int = 0) -> list[str]:
    """What the public saw of the events since ``since``: a turn (did a figure leave the
    board?) and the end."""
    assert c.sim is not None and c.game is not None
    out: list[str] = []
    for event in c.sim.events[since:]:
        if isinstance(event, TurnCommitted):
            view = event_view(c.game, event, PUBLIC)
            assert view is not None
            out.append(TAKE if view["removed"] else MOVE)
        elif isinstance(event, GameEnded):
            out.append(END)
    return out


def test_each_turn_sounds_once_and_the_end_once_in_every_game(tmp_path: Path) -> None:
    i18n.set_language("en")
    for game in ("strategus", "gimmel"):
        c = controller(tmp_path / game)
        heard = listening(c)
        c.new_game(NewGame(game, computer="blue" if game == "strategus" else "black"))
        if game == "strategus":
            c.setup_editor.set_up()
            c.start()
        assert heard == [], "a setup makes no sound"
        play_out(c, random.Random(3))
        assert heard == expected_cues(c)
        assert heard.count(END) == 1 and heard[-1] == END
        assert c.sim is not None
        turns = sum(isinstance(e, TurnCommitted) for e in c.sim.events)
        assert len(heard) == turns + 1
        if game == "strategus":
            assert TAKE in heard and MOVE in heard, "an attack sounds unlike a move"


def test_a_resumed_game_is_silent_about_its_past(tmp_path: Path) -> None:
    i18n.set_language("en")
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel", computer="black"))
    play_to_the_end(c, random.Random(4), limit=10)
    c = power_cut(c, tmp_path)
    heard = listening(c)
    assert c.screen == GAME_PLAY and c.sim is not None
    c.settle()
    c.poll(0.05)
    assert heard == []
    resumed = len(c.sim.events)
    play_to_the_end(c, random.Random(5), limit=4)
    assert heard == expected_cues(c, resumed) and heard


def test_only_a_turn_and_the_end_make_a_sound() -> None:
    assert cue({"event": "turn", "removed": []}) == MOVE
    assert cue({"event": "turn", "removed": ["e4"]}) == TAKE
    assert cue({"event": "game over", "winner": None}) == END
    for quiet in ("setup", "refused", "to move", "computer", "fix board", "play begins"):
        assert cue({"event": quiet}) is None


@given(st.dictionaries(st.sampled_from(["turn", "public", "reveal", "player", "number"]),
                       st.integers()))
def test_a_turns_sound_depends_on_nothing_but_a_figure_leaving(extra: dict[str, int]) -> None:
    """Whatever else a view holds (a reveal, a kind), only ``removed`` picks the tone."""
    for removed, expected in (([], MOVE), (["a1"], TAKE)):
        assert cue({**extra, "event": "turn", "removed": removed}) == expected


def test_the_tones_are_short_mono_wav_files(tmp_path: Path) -> None:
    paths = write_tones(tmp_path / "tones")
    assert sorted(paths) == sorted(CUES)
    lengths = {}
    for name, path in paths.items():
        with wave.open(str(path)) as tone:
            assert (tone.getnchannels(), tone.getsampwidth(), tone.getframerate()) == (1, 2, RATE)
            lengths[name] = tone.getnframes() / RATE
            samples = tone.readframes(tone.getnframes())
        assert any(samples), f"{name} is not silence"
    assert lengths[MOVE] < lengths[TAKE] < lengths[END] < 1.0


# --- The voice --------------------------------------------------------------------------


def fake_espeak(tmp_path: Path, *, exit_code: int = 0) -> Path:
    """A stand-in for espeak-ng that writes what it was asked to say (one call a line)."""
    program = tmp_path / "espeak-ng"
    said = tmp_path / "said.txt"
    program.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> "{said}"\necho >> "{said}"\n'
                       f"exit {exit_code}\n")
    program.chmod(0o755)
    return program


def said(tmp_path: Path, calls: int) -> list[str]:
    path = tmp_path / "said.txt"
    deadline = 200
    while (not path.exists() or path.read_text().count("\n") < calls) and deadline:
        deadline -= 1
        time.sleep(0.05)  # the program runs beside the app; the test waits for its line
    return path.read_text().splitlines() if path.exists() else []


def test_the_voice_says_the_turn_in_the_uis_language(tmp_path: Path) -> None:
    voice = Voice(str(fake_espeak(tmp_path)))
    assert voice.present
    i18n.set_language("de")
    try:
        voice.say("Computer: Figur a7 - a6")
    finally:
        i18n.set_language("en")
    assert voice._speaking is not None and voice._speaking.wait(10) == 0
    voice.say("Computer: beetle d4 - e5")
    assert said(tmp_path, 2) == ["-v|de|Computer: Figur a7 nach a6|",
                                 "-v|en|Computer: beetle d4 to e5|"]


def test_without_espeak_or_when_it_fails_the_voice_is_silent(tmp_path: Path) -> None:
    missing = Voice(str(tmp_path / "no-such-program"))
    missing.say("Computer: piece a7 - a6")  # no exception: the game goes on
    assert not missing.present
    failing = Voice(str(fake_espeak(tmp_path, exit_code=1)))
    failing.say("Computer: piece a7 - a6")
    assert failing.present and failing._speaking is not None
    assert failing._speaking.wait(10) == 1


def test_on_the_simulated_board_nothing_is_spoken(tmp_path: Path) -> None:
    """The computer moves its own figures there: nobody needs to hear its turn."""
    i18n.set_language("en")
    c = controller(tmp_path)
    spoken: list[str] = []
    c.sounds.speech_listeners.append(spoken.append)
    c.new_game(NewGame("gimmel", computer="black"))
    play_to_the_end(c, random.Random(6), limit=8)
    assert c.session.turns >= 4 and spoken == []
