"""The tool screens in the app, driven with synthetic touches (``drive_tools.py``)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from companion.registry import Registry
from tests.ui.conftest import RunKivy
from ui.tools.models import SIM_REGISTRY_NAME

DRIVER = Path(__file__).with_name("drive_tools.py")


def drive(run_kivy: RunKivy, script: str, home: Path) -> dict[str, object]:
    result = run_kivy(DRIVER, script, str(home), env={"GIGANTEN_HOME": str(home)},
                      size=(800, 480), timeout=120).result()
    assert isinstance(result, dict)
    return result


def test_settings_language_and_a_variant_are_what_the_new_game_uses(
        run_kivy: RunKivy, tmp_path: Path) -> None:
    shown = drive(run_kivy, "settings", tmp_path)
    assert [step for step, _ in shown["steps"]] == [  # type: ignore[union-attr]
        "Settings", "Language: English", "Ton: an", "V8\nDoppelzüge", "Zurück", "Neues Spiel"]
    before, after = shown["home_before"], shown["home_after"]
    assert any("English · Reveal" in text for text in before)  # type: ignore[union-attr]
    assert any(text.startswith("Deutsch · Aufdecken") and text.endswith("Doppelzüge")
               for text in after)  # type: ignore[union-attr]
    assert "Einstellungen" in shown["settings_screen"]  # type: ignore[operator]
    # The new game: the landscape screen, in German, under V8.
    assert shown["screen"] == "landscape"
    assert shown["variants"] == ["V8"] and shown["rules"] == ["V8"]
    assert shown["language"] == "de" and shown["game_language"] == "de"
    # The landscape's now line (issue 17, item 4), in German.
    assert "Die Teile wie gezeigt legen: Teil tauscht, Drehen dreht; dann Bestätigen" \
        in shown["texts"]  # type: ignore[operator]
    # Saved for the next start, readable by the owner only.
    assert shown["settings"] == {"format": "giganten-settings/1", "language": "de",
                                 "policy": "rulebook", "first": None, "variants": ["V8"],
                                 "seed": None, "referee": False, "time_control": None,
                                 "sound": False}
    # Sound switched off for the app as it runs; its tones were loaded (SDL's audio).
    assert shown["sound"] is False
    assert shown["sounds_loaded"] == ["end", "move", "take"]
    assert shown["settings_mode"] == oct(0o600)
    saved = tmp_path / "settings.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert json.loads(saved.read_text())["language"] == "de"


def test_new_game_refuses_variants_that_do_not_combine_and_says_why(
        run_kivy: RunKivy, tmp_path: Path) -> None:
    shown = drive(run_kivy, "impossible", tmp_path)
    reason = ("V3 and V4 do not combine: the one blank figure plays either as the Gespenst or"
              " as the Falle")
    assert reason in shown["settings_screen"]  # type: ignore[operator]
    assert shown["screen"] == "home" and shown["variants"] is None  # no game was started
    # The home screen says it in plain words: the variants by name (issue 17, item 4).
    plain = ("“Gespenst” and “Falle” do not combine: the one blank figure plays either as"
             " the Gespenst or as the Falle")
    assert plain in shown["home_after"]  # type: ignore[operator]
    assert shown["settings"]["variants"] == ["V3", "V4"]  # type: ignore[index]


def test_enrolment_by_tapping_the_simulated_board(run_kivy: RunKivy, tmp_path: Path) -> None:
    shown = drive(run_kivy, "enrol", tmp_path)
    screen = shown["enrol_screen"]
    assert "Yellow Tyra 1 enrolled" in " ".join(screen)  # type: ignore[arg-type]
    assert "Yellow Tyra 2 enrolled" in " ".join(screen)  # type: ignore[arg-type]
    assert "Yellow Tri #1 skipped" in " ".join(screen)  # type: ignore[arg-type]
    assert "Put Yellow Tri #2 on any square" in screen  # type: ignore[operator]
    assert "3 of 25 done: 2 enrolled, 1 skipped" in screen  # type: ignore[operator]
    # Never the real registry: the simulated board's own file, 0600.
    path = tmp_path / SIM_REGISTRY_NAME
    assert shown["registry_file"] == str(path)
    assert not (tmp_path / "registry.json").exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(Registry.load(path)) == 2
    # Back and in again: a new round asks for the first figure still without a tag.
    assert shown["screen"] == "enrol"
    assert "Put Yellow Tri #1 on any square" in shown["texts"]  # type: ignore[operator]
    assert shown["registry"] == 2


def test_the_hardware_check_scans_and_sees_the_test_tag(run_kivy: RunKivy,
                                                         tmp_path: Path) -> None:
    shown = drive(run_kivy, "hwcheck", tmp_path)
    assert shown["phase"] == "tags"
    counts = shown["counts"]
    assert counts == {"answering": 195, "missing": 0, "faulty": 0, "tag": 1, "waiting": 0}
    assert "Move a tag over every square: 1 of 196 saw a tag" in shown["hw_screen"]  # type: ignore[operator]
