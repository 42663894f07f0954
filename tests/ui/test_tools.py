"""The tool screens' models without a display: settings saved and loaded, impossible variants
explained, a whole enrolment on the simulated reader, a hardware check with a dead reader."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.giganten.position import OUTCOME_ONLY
from companion.games.giganten.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.games.giganten.squares import parse_square_name
from companion.registry import Figure, Registry, full_set
from hardware.hwcheck import FAILED, MISSING, OK
from hardware.sim import SimBoard, SimReader
from tests.hardware.test_live_giganten import club_registry
from ui.control.game import GameController
from ui.control.shell import Controller, ControllerError, GameOptions
from ui.giganten.handover import confirm_landscape
from ui.tools.models import (
    ANSWERING,
    FAULTY,
    SIM_REGISTRY_NAME,
    TAG_SEEN,
    WAITING,
    Enrolment,
    HardwareCheck,
    LiveSource,
    Settings,
    checked_options,
    put_game_aside,
    registry_path,
    rules_problem,
    ruleset_reasons,
    settings_path,
    startup_settings,
    summary,
)
from ui.words import i18n


def square(name: str, files: int = 14) -> int:
    file, rank = parse_square_name(name)
    return rank * files + file


# --- Settings -----------------------------------------------------------------------------------


def test_settings_round_trip_through_a_private_file(tmp_path: Path) -> None:
    path = tmp_path / "home" / "settings.json"
    settings = Settings(language="de", policy=OUTCOME_ONLY, first="orange",
                        variants=frozenset({"V8", "V5", "V5a"}), seed=42)
    settings.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    loaded, note = Settings.load(path)
    assert note is None
    assert loaded == settings
    assert json.loads(path.read_text())["variants"] == ["V5", "V5a", "V8"]  # rulebook order
    options = loaded.options()
    assert options == GameOptions(variants=("V5", "V5a", "V8"), policy=OUTCOME_ONLY,
                                  first="orange", seed=42, language="de")
    assert Settings.from_options(options) == settings
    # The sound switch is the app's, not a game's option: kept beside the options.
    quiet = settings.next_sound()
    quiet.save(path)
    assert Settings.load(path) == (quiet, None) and not quiet.sound
    assert quiet.options() == options
    assert Settings.from_options(options, sound=False) == quiet
    assert quiet.next_sound() == settings


def test_the_settings_file_lives_in_the_companions_home(tmp_path: Path) -> None:
    assert settings_path({"GIGANTEN_HOME": str(tmp_path)}) == tmp_path / "settings.json"
    assert settings_path({"GIGANTEN_HOME": "", "XDG_DATA_HOME": str(tmp_path)}) \
        == tmp_path / "giganten" / "settings.json"
    simulated = registry_path(simulated=True, environ={"GIGANTEN_HOME": str(tmp_path)})
    assert simulated == tmp_path / SIM_REGISTRY_NAME
    assert registry_path(simulated=False, environ={"GIGANTEN_HOME": str(tmp_path)}) \
        == tmp_path / "registry.json"


def test_a_missing_settings_file_is_the_defaults_without_a_message(tmp_path: Path) -> None:
    assert Settings.load(tmp_path / "nothing.json") == (Settings(), None)


@pytest.mark.parametrize(("content", "problem"), [
    (b"{not json", "not JSON (line 1"),
    (b"\xff\xfe", "not UTF-8"),
    (json.dumps({"format": "other"}).encode(), "not a settings file"),
    (json.dumps({"format": "giganten-settings/1", "language": "fr"}).encode(),
     "unknown language 'fr'"),
    (json.dumps({"format": "giganten-settings/1", "variants": ["V10"]}).encode(), "variants"),
    (json.dumps({"format": "giganten-settings/1", "seed": "7"}).encode(), "whole number"),
    (json.dumps({"format": "giganten-settings/1", "colour": "red"}).encode(), "colour"),
    (json.dumps({"format": "giganten-settings/1", "sound": "off"}).encode(),
     "sound must be true or false"),
])
def test_a_corrupt_settings_file_gives_the_defaults_and_says_why(
        tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, note = Settings.load(path)
    assert settings == Settings()
    assert note is not None and note.level == "error"
    assert str(path) in note.text and problem in note.text
    assert "defaults are used" in note.text
    i18n.set_language("de")
    assert "Grundeinstellungen" in note.text


def test_an_unreadable_settings_path_is_no_crash(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    settings, note = Settings.load(tmp_path / "settings.json")
    assert settings == Settings() and note is not None and str(tmp_path) in note.text


@given(st.binary(max_size=200))
def test_any_bytes_load_without_raising(content: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "settings.json"
        path.write_bytes(content)
        settings, note = Settings.load(path)
    assert (note is None) or settings == Settings()
    settings.options()  # always usable as a new game's options


def test_an_impossible_combination_says_rulesets_reason() -> None:
    settings = Settings().toggle("V3").toggle("V4").toggle("V8")
    assert settings.variants == {"V3", "V4", "V8"}  # kept, so that the next toggle can fix it
    with pytest.raises(RuleSetError) as engine:
        RuleSet.of(["V3", "V4", "V8"])
    assert rules_problem(settings.variants) == str(engine.value)
    with pytest.raises(ControllerError, match=r"V3 and V4 do not combine"):
        checked_options(settings.options())
    i18n.set_language("de")
    german = rules_problem(settings.variants)
    assert german is not None and "V3 und V4 gehen nicht zusammen" in german
    with pytest.raises(ControllerError, match="gehen nicht zusammen"):
        checked_options(settings.options())
    assert rules_problem(settings.toggle("V4").variants) is None
    assert checked_options(settings.toggle("V3").options()).variants == ("V4", "V8")


def test_an_option_without_its_variant_is_explained() -> None:
    assert rules_problem({"V6a"}) == "V6a needs V6: V6a is an option of the reserve (V6)"
    assert rules_problem({"V6a", "V6"}) is None


def test_every_reason_of_ruleset_is_translated_word_for_word() -> None:
    reasons = ruleset_reasons()
    assert len(reasons) == 9  # 4 pairs that exclude each other, 5 options needing a base
    for english, key in reasons.items():
        assert i18n.STRINGS[key]["en"] == english  # the engine's own words, kept in step
        german = i18n.STRINGS[key]["de"]
        assert german != english and german.split()[0] == english.split()[0]  # the id first


@given(st.sets(st.sampled_from(VARIANTS)))
def test_rules_problem_agrees_with_ruleset(variants: set[str]) -> None:
    try:
        RuleSet.of(variants)
        possible = True
    except RuleSetError as err:
        possible = False
        assert rules_problem(variants) == str(err)
    assert (rules_problem(variants) is None) == possible


def test_who_starts_follows_the_players_of_the_variants() -> None:
    settings = Settings()
    seen = [settings.first]
    for _ in range(3):
        settings = settings.next_first()
        seen.append(settings.first)
    assert seen == [None, "yellow", "orange", None]
    four = Settings().toggle("V9").next_first().next_first().next_first()
    assert four.first == "yellow2"
    assert four.toggle("V9").first is None  # that seat is gone with V9


def test_the_seed_is_a_whole_number_or_nothing() -> None:
    assert Settings().with_seed(" 12 ").seed == 12
    assert Settings(seed=3).with_seed("").seed is None
    with pytest.raises(ValueError, match="whole number"):
        Settings().with_seed("-4")
    with pytest.raises(ValueError, match="whole number"):
        Settings().with_seed("twelve")


def test_the_home_line_sums_the_settings_up() -> None:
    options = Settings(first="orange", variants=frozenset({"V8", "V5"}), seed=9).options()
    assert summary(options) == ("English · Reveal: both figures (rulebook) · Starts: Orange"
                                " · Secret trap, Double moves · seed 9")
    i18n.set_language("de")
    assert summary(GameOptions()) == ("Englisch · Aufdecken: beide Figuren (Regelheft) ·"
                                      " Beginnt: ausgelost · keine Varianten")
    # The variants by their names, never their ids (issue 17: "V8" on the home screen).
    assert summary(options).endswith(" · Geheime Falle, Doppelzüge · Startwert 9")


# --- Enrolment ----------------------------------------------------------------------------------


def texts(enrolment: Enrolment) -> list[str]:
    """The enrolment's notes as shown; never a UID (design: threat model)."""
    shown = [note.text for note in enrolment.notes]
    for uid, _ in enrolment.registry.items():
        assert not any(uid in text for text in shown), f"{uid} shown: {shown}"
    return shown


def test_a_whole_set_enrolled_on_the_simulated_reader(tmp_path: Path) -> None:
    path = tmp_path / "registry.json"
    registry = Registry({"04AAAAAAAAAAAA": Figure("orange", "tri", 1)})
    enrolment = Enrolment.simulated(registry, path, owner="yellow", seed=5)
    assert enrolment.prompt().text == "Put Yellow Tyra 1 on any square"
    enrolment.tap(0)
    enrolment.settle()
    first = enrolment.tags()[0]
    assert texts(enrolment)[-1] == "Yellow Tyra 1 enrolled"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # The same tag again on another square: a duplicate, nothing recorded.
    enrolment.put(30, first)
    enrolment.settle()
    assert texts(enrolment)[-1].startswith("The same tag is seen on a1 and c3")
    assert enrolment.expected == Figure("yellow", "tyra2")
    enrolment.lift(30)
    enrolment.hand.clear()
    # Another set's tag: refused, named.
    enrolment.put(31, "04AAAAAAAAAAAA")
    enrolment.settle()
    assert texts(enrolment)[-1] == ("The tag on d3 is already Orange Tri #1, not Yellow"
                                    " Tyra 2: take it off, or re-enrol Orange Tri #1 first")
    assert enrolment.lift(31) == "04AAAAAAAAAAAA"
    enrolment.hand.clear()  # put away, not down again
    enrolment.settle()
    # Every other figure on a square of its own.
    for index in range(1, 25):
        enrolment.tap(14 * 5 + index)
        enrolment.settle()
    assert enrolment.expected is None
    assert enrolment.prompt().text == "Done: Yellow's set (25 figures) is enrolled"
    assert enrolment.progress().text == "25 of 25 done: 25 enrolled, 0 skipped"
    # An unknown tag after the end: explained, not recorded.
    enrolment.tap(190)
    enrolment.settle()
    assert texts(enrolment)[-1] == "Enrolment is finished: nothing was recorded for the tag on i14"
    saved = Registry.load(path)
    assert saved == enrolment.registry
    assert [f for _, f in saved.items() if f.owner == "yellow"] == full_set("yellow")
    assert saved.lookup("04AAAAAAAAAAAA") == Figure("orange", "tri", 1)
    assert len({uid for uid, _ in saved.items()}) == 26


def test_skip_and_re_enrol_the_previous_figure(tmp_path: Path) -> None:
    enrolment = Enrolment.simulated(Registry(), tmp_path / "r.json", seed=1)
    enrolment.skip()
    assert texts(enrolment) == ["Yellow Tyra 1 skipped"]
    enrolment.tap(0)
    enrolment.settle()
    wrong = enrolment.tags()[0]
    assert enrolment.registry.lookup(wrong) == Figure("yellow", "tyra2")
    enrolment.reenrol_previous()  # that was the wrong figure: Tyra 2 again
    assert enrolment.prompt().text == "Put Yellow Tyra 2 with its new tag on any square"
    enrolment.tap(1)
    enrolment.settle()
    new = enrolment.tags()[1]
    assert texts(enrolment)[-1] == "Yellow Tyra 2 re-enrolled: its old tag is forgotten"
    assert enrolment.registry.lookup(wrong) is None
    assert Registry.load(tmp_path / "r.json").lookup(new) == Figure("yellow", "tyra2")
    assert enrolment.expected == Figure("yellow", "tri", 1)
    assert enrolment.skipped == 1


def test_a_figure_put_back_is_a_slip_and_german_words_it(tmp_path: Path) -> None:
    enrolment = Enrolment.simulated(Registry(), tmp_path / "r.json", seed=2)
    enrolment.tap(0)
    enrolment.settle()
    enrolment.tap(0)  # lifted
    enrolment.settle()
    enrolment.tap(5)  # the same figure put back elsewhere
    enrolment.settle()
    assert texts(enrolment)[-1] == ("That is Yellow Tyra 1 (on f1), enrolled already; put"
                                    " Yellow Tyra 2 down")
    i18n.set_language("de")
    assert enrolment.prompt().text == "Gelb Tyra 2 auf ein beliebiges Feld stellen"
    assert texts(enrolment)[-1].startswith("Das ist Gelb Tyra 1 (auf f1)")


def test_a_complete_set_says_so_and_the_whole_set_can_be_given_new_tags(
        tmp_path: Path) -> None:
    registry = Registry({f"04{i:012X}": figure for i, figure in enumerate(full_set("orange"))})
    enrolment = Enrolment.simulated(registry, tmp_path / "r.json", owner="orange")
    assert enrolment.total == 0 and enrolment.expected is None
    enrolment.restart()
    assert texts(enrolment) == ["Every figure of Orange's set has a tag; choose Whole set to"
                                " give them new ones"]
    enrolment.restart(replace=True)
    assert enrolment.total == 25 and enrolment.expected == Figure("orange", "tyra1")


def test_two_tags_at_once_are_refused(tmp_path: Path) -> None:
    enrolment = Enrolment.simulated(Registry(), tmp_path / "r.json")
    enrolment.put(0)
    enrolment.put(1)
    enrolment.settle()
    assert texts(enrolment)[-1] == ("New tags on a1 and b1 at once: take them off and put Yellow"
                                    " Tyra 1 down alone")
    assert len(enrolment.registry) == 0
    assert not (tmp_path / "r.json").exists()


def test_the_partners_sets_enrol_on_the_wide_board(tmp_path: Path) -> None:
    enrolment = Enrolment.simulated(Registry(), tmp_path / "r.json")
    enrolment.restart("yellow2")
    assert (enrolment.board.files, enrolment.board.ranks) == (28, 14)
    enrolment.tap(27)
    enrolment.settle()
    assert enrolment.registry.lookup(enrolment.tags()[27]) == Figure("yellow2", "tyra1")


def test_a_registry_that_cannot_be_saved_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    enrolment = Enrolment.simulated(Registry(), blocker / "r.json")
    enrolment.tap(0)
    enrolment.settle()
    assert texts(enrolment)[-1].startswith("Not saved: cannot save the registry")
    assert enrolment.saved == 0


def test_enrolment_on_a_real_reader_after_the_game_that_held_it(tmp_path: Path) -> None:
    """The app's reader (a simulated board scanning in real time stands in for one) serves
    the game's live table; the enrolment puts the game aside and reads through its thread."""
    board = SimBoard(14, 14)
    reader = SimReader(board, realtime=True)
    registry = club_registry(tmp_path / "club.json")
    shell = Controller(reader=reader, log_dir=tmp_path / "games")
    games = GameController(reader=reader, log_dir=tmp_path / "games", registry=registry)
    shell.new_game(GameOptions(seed=3))
    confirm_landscape(shell, games)
    assert games.active and games.game is not None
    assert put_game_aside(games) and games.game is None and not games.active
    assert not put_game_aside(games), "nothing more to put aside"
    enrolment = Enrolment(Registry(), tmp_path / "r.json", LiveSource(reader))
    try:
        board.place(square("e4"), "04112233445566")
        deadline = time.monotonic() + 20
        while enrolment.enrolled == 0 and time.monotonic() < deadline:
            enrolment.poll(0.0)
            time.sleep(0.02)
        assert texts(enrolment) == ["Yellow Tyra 1 enrolled"]
        assert enrolment.registry.lookup("04112233445566") == Figure("yellow", "tyra1")
        with pytest.raises(ControllerError, match="real board"):
            enrolment.tap(0)
    finally:
        enrolment.close()


# --- The hardware check -------------------------------------------------------------------------


def test_a_dead_reader_is_missing_and_a_flaky_one_faulty() -> None:
    e4, h8 = square("e4"), square("h8")
    check = HardwareCheck.simulated(dead=[e4], faulty={h8: 0.4}, seed=1, scan_time=1.0)
    assert set(check.states()) == {WAITING}
    assert check.status().text.startswith("Looking for the 196 readers")
    check.run_scan()
    assert check.state(e4) == MISSING
    assert check.state(h8) == FAULTY
    assert check.counts() == {ANSWERING: 194, MISSING: 1, FAULTY: 1, TAG_SEEN: 0, WAITING: 0}
    problems = [note.text for note in check.problems()]
    assert problems[0] == "e4: reader missing (no answer from the reader)"
    assert problems[1].startswith("h8: ") and "reads failed (CRC error)" in problems[1]
    i18n.set_language("de")  # issue 17: "(CRC error)" stood on the German screen
    german = [note.text for note in check.problems()]
    assert german[0] == "e4: Leser fehlt (keine Antwort vom Leser)"
    assert german[1].startswith("h8: ") and german[1].endswith("fehlgeschlagen (CRC-Fehler)")
    assert HardwareCheck._fault_text("two tags answered: 0x1f") == (
        "zwei Tags antworteten: 0x1f")
    i18n.set_language("en")
    assert check.status().text == "Move a tag over every square: 0 of 195 saw a tag"
    check.tap(square("a1"))
    check.poll(0.5)
    check.tap(square("b1"))  # the test tag moves on
    check.poll(0.5)
    assert check.state(square("a1")) == check.state(square("b1")) == TAG_SEEN
    check.fill()
    check.poll(0.5)
    result = check.result()
    assert result.status[e4] == MISSING and not result.ok
    assert result.status[square("n14")] == OK
    assert result.squares(FAILED) == []
    i18n.set_language("de")
    assert check.problems()[0].text == "e4: Leser fehlt (keine Antwort vom Leser)"


def test_every_reader_answering_and_reading_a_tag_is_ok() -> None:
    check = HardwareCheck.simulated(scan_time=0.5)
    check.run_scan()
    assert check.counts()[ANSWERING] == 196 and check.problems() == []
    assert check.result().squares(FAILED) == list(range(196))  # no tag seen yet
    check.fill()
    check.poll(0.5)
    assert check.result().ok


def test_tap_moves_the_one_test_tag() -> None:
    check = HardwareCheck.simulated()
    sim = check.source.board
    assert sim is not None
    check.tap(3)
    check.tap(7)
    assert set(sim.tags()) == {7}
    check.tap(7)
    assert sim.tags() == {}


def test_the_app_starts_with_the_saved_settings_and_the_command_line_over_them(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    Settings(language="de", variants=frozenset({"V3"}), seed=5).save(path)
    assert startup_settings(path) == (Settings(language="de", variants=frozenset({"V3"}),
                                               seed=5), None)
    settings, note = startup_settings(path, "en", "v5, V8")
    assert note is None
    assert settings == Settings(language="en", variants=frozenset({"V5", "V8"}), seed=5)
    settings, _ = startup_settings(path, seed=11, policy=OUTCOME_ONLY)
    assert (settings.seed, settings.policy, settings.language) == (11, OUTCOME_ONLY, "de")
    path.write_text("[]")
    settings, note = startup_settings(path, None, "")
    assert settings == Settings() and note is not None and "not a settings file" in note.text


def test_referee_mode_is_a_setting_carried_into_the_new_game(tmp_path: Path) -> None:
    settings = Settings()
    seen = []
    for _ in range(5):
        settings = settings.next_referee()
        seen.append((settings.referee, settings.time_control))
    assert seen == [(True, None), (True, "15+10"), (True, "30+10"), (True, "60+0"),
                    (False, None)]
    timed = Settings().next_referee().next_referee().next_referee()
    path = tmp_path / "settings.json"
    timed.save(path)
    again, note = Settings.load(path)
    assert note is None and again == timed
    options = again.options()
    assert options.referee and options.time_control == "30+10"
    assert "30+10" in summary(options)
    with pytest.raises(ValueError, match="time control"):
        Settings.from_json(timed.to_json() | {"time_control": "1+1"})
