"""``giganten enrol`` on the simulated board: one by one, a whole layout, re-enrolling one
figure, listing what is missing; the messages and the registry file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.registry import Figure, Registry, full_set, standard_layout
from hardware.assemble import enrol_board
from tests.cli_helpers import Run, home, mode, run

# Every test gets a companion home of its own (the fixture is used by name, too).
pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

UIDS = [f"04{n:012X}" for n in range(0xA1B2C3D4E500, 0xA1B2C3D4E500 + 60)]
"""Tags for the tests: 7-byte UIDs, all different."""


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def enrol(tmp_path: Path, *lines: str, options: tuple[str, ...] = ("--owner", "yellow"),
          registry: Path | None = None) -> Run:
    return run("enrol", "--sim", *options, "--registry", registry or tmp_path / "reg.json",
               "--script", script(tmp_path / "enrol.txt", *lines))


def test_one_by_one_enrols_each_figure_and_saves(tmp_path: Path) -> None:
    registry = tmp_path / "private" / "reg.json"
    done = enrol(tmp_path, f"place a1 {UIDS[0]}", f"place b1 {UIDS[1]}", "lift a1",
                 f"place c3 {UIDS[2]}", registry=registry)
    assert done.code == 0, done.err
    lines = done.out.splitlines()
    assert lines[:2] == [f"Enrolling on the simulated board; the registry is {registry}.",
                         "Put down Yellow Tyra 1 on any square to enrol it"]
    for expected in [f"Yellow Tyra 1 enrolled (tag {UIDS[0]})",
                     "Put down Yellow Tyra 2 on any square to enrol it",
                     f"Yellow Tyra 2 enrolled (tag {UIDS[1]})",
                     f"Yellow Tri #1 enrolled (tag {UIDS[2]})",
                     "Put down Yellow Tri #2 on any square to enrol it",
                     f"The registry {registry} is saved."]:
        assert expected in lines, expected
    assert mode(registry) == 0o600
    assert mode(registry.parent) == 0o700
    saved = Registry.load(registry)
    assert saved.as_dict() == {UIDS[0]: Figure("yellow", "tyra1"),
                               UIDS[1]: Figure("yellow", "tyra2"),
                               UIDS[2]: Figure("yellow", "tri", 1)}
    # A second run asks only for what is still missing.
    more = enrol(tmp_path, f"place a1 {UIDS[3]}", registry=registry)
    assert "Put down Yellow Tri #2 on any square to enrol it" in more.out.splitlines()[1]
    assert Registry.load(registry).lookup(UIDS[3]) == Figure("yellow", "tri", 2)


def test_the_registry_is_saved_after_every_enrolment(tmp_path: Path) -> None:
    """A script that fails halfway (or a power cut) keeps what was enrolled before."""
    registry = tmp_path / "reg.json"
    done = enrol(tmp_path, f"place a1 {UIDS[0]}", f"place b1 {UIDS[1]}", "place zz9 x",
                 f"place c1 {UIDS[2]}", registry=registry)
    assert done.code == 2
    assert "enrol.txt line 3: " in done.err
    assert len(Registry.load(registry)) == 2


def test_a_duplicate_uid_is_reported_and_not_enrolled(tmp_path: Path) -> None:
    done = enrol(tmp_path, f"place a1 {UIDS[0]}", f"place c1 {UIDS[0]}", "lift c1",
                 f"place d1 {UIDS[1]}")
    assert done.code == 0, done.err
    assert (f"! The tag {UIDS[0]} is seen on a1 and c1: two tags with one UID, or one figure"
            " read twice; take one off") in done.out
    registry = Registry.load(tmp_path / "reg.json")
    assert registry.as_dict() == {UIDS[0]: Figure("yellow", "tyra1"),
                                  UIDS[1]: Figure("yellow", "tyra2")}


def test_a_tag_of_another_figure_is_refused_with_the_way_out(tmp_path: Path) -> None:
    first = enrol(tmp_path, f"place a1 {UIDS[0]}", f"place b1 {UIDS[1]}")
    assert first.code == 0
    # Orange puts down a tag that is already Yellow's Tyra 2.
    done = enrol(tmp_path, f"place a14 {UIDS[1]}", f"place b14 {UIDS[5]}",
                 options=("--owner", "orange"))
    assert done.code == 0, done.err
    assert (f"! The tag on a14 ({UIDS[1]}) is already Yellow Tyra 2, not Orange Tyra 1: take"
            " it off and put down Orange Tyra 1, or re-enrol Yellow Tyra 2 first") in done.out
    assert f"Orange Tyra 1 enrolled (tag {UIDS[5]})" in done.out
    # Putting back a figure enrolled earlier in this run is only a slip.
    slip = enrol(tmp_path, f"place a13 {UIDS[6]}", "lift a13", "place c13",
                 options=("--owner", "orange"))
    assert "That is Orange Tyra 2 (on c13), enrolled already; put down Orange Tri #1" in slip.out


def test_an_unknown_square_or_uid_is_a_clear_error(tmp_path: Path) -> None:
    done = enrol(tmp_path, "place e4 hello")
    assert done.code == 2
    assert "enrol.txt line 1: 'hello' is not a tag UID" in done.err
    empty = enrol(tmp_path, "place e4")
    assert empty.code == 2 and "the hand is empty" in empty.err


def test_a_whole_layout_is_enrolled_at_once(tmp_path: Path) -> None:
    board = enrol_board("orange")
    layout = standard_layout(board, "orange")
    squares = sorted(layout, key=lambda sq: layout[sq].sort_key)
    places = [f"place {board.name(sq)} {UIDS[i]}" for i, sq in enumerate(squares)]
    # All but one square first: reading then reports the gap and enrols nothing.
    done = enrol(tmp_path, *places[:-1], "read", places[-1], options=("--owner", "orange",
                                                                      "--layout"))
    assert done.code == 0, done.err
    out = done.out
    assert "Lay out Orange's set in the standard pattern, then read it:" in out
    assert "  n14: Orange Tyra 1" in out
    last = board.name(squares[-1])
    assert f"! No tag on {last} (Orange Blank): put the figure there, or check that square's" \
           " reader" in out
    assert "Nothing was enrolled: fix the above and read the layout again" in out
    assert out.index("Nothing was enrolled") < out.index("25 figures of Orange enrolled: 25 new")
    registry = Registry.load(tmp_path / "reg.json")
    assert mode(tmp_path / "reg.json") == 0o600
    assert registry.missing("orange") == []
    assert registry.lookup(UIDS[0]) == Figure("orange", "tyra1")


def test_a_layout_with_a_foreign_tag_enrols_nothing(tmp_path: Path) -> None:
    assert enrol(tmp_path, f"place a1 {UIDS[40]}").code == 0  # Yellow Tyra 1
    board = enrol_board("orange")
    layout = standard_layout(board, "orange")
    squares = sorted(layout, key=lambda sq: layout[sq].sort_key)
    places = [f"place {board.name(sq)} {UIDS[40] if i == 3 else UIDS[i]}"
              for i, sq in enumerate(squares)]
    done = enrol(tmp_path, *places, options=("--owner", "orange", "--layout"))
    assert done.code == 0, done.err
    where = board.name(squares[3])
    assert f"! The tag on {where} (Orange Tri #2) is already Yellow Tyra 1" in done.out
    assert "The layout was not enrolled (25 of 25 squares hold a tag)." in done.out
    assert "Nothing new was enrolled." in done.out
    assert Registry.load(tmp_path / "reg.json").missing("orange") == full_set("orange")


def test_re_enrolling_one_figure_gives_it_the_new_tag(tmp_path: Path) -> None:
    enrol(tmp_path, *(f"place {sq} {UIDS[i]}" for i, sq in enumerate(["a1", "b1", "c1", "d1"])))
    done = enrol(tmp_path, f"place e5 {UIDS[30]}", options=("--figure", "yellow tri 2"))
    assert done.code == 0, done.err
    assert "Put down Yellow Tri #2 on any square to give it its new tag" in done.out
    assert (f"Yellow Tri #2 re-enrolled (tag {UIDS[30]}; its old tag {UIDS[3]} is"
            " forgotten)") in done.out
    registry = Registry.load(tmp_path / "reg.json")
    assert registry.uid_of(Figure("yellow", "tri", 2)) == UIDS[30]
    assert registry.lookup(UIDS[3]) is None
    wrong = run("enrol", "--figure", "yellow tri 2", "--owner", "orange")
    assert wrong.code == 2 and "Yellow Tri #2 is not one of Orange's figures" in wrong.err
    bad = run("enrol", "--figure", "yellow tri")
    assert bad.code == 2 and "which Tri? A set has 3" in bad.err


def test_missing_lists_each_set(tmp_path: Path) -> None:
    enrol(tmp_path, f"place a1 {UIDS[0]}", f"place b1 {UIDS[1]}")
    done = run("enrol", "--missing", "--registry", tmp_path / "reg.json")
    assert done.code == 0, done.err
    lines = done.out.splitlines()
    assert lines[0].startswith("Yellow: 23 of 25 figures have no tag: Yellow Tri #1, Yellow"
                               " Tri #2,")
    assert lines[0].endswith("Yellow Culak, Yellow Blank")
    assert lines[1].startswith("Orange: 25 of 25 figures have no tag: Orange Tyra 1,")
    assert len(lines) == 2
    only = run("enrol", "--missing", "--owner", "yellow2", "--registry", tmp_path / "reg.json")
    assert only.out.startswith("Yellow2: 25 of 25 figures have no tag")


def test_a_complete_set_says_so(tmp_path: Path) -> None:
    board = enrol_board("yellow")
    layout = standard_layout(board, "yellow")
    squares = sorted(layout, key=lambda sq: layout[sq].sort_key)
    enrol(tmp_path, *(f"place {board.name(sq)} {UIDS[i]}" for i, sq in enumerate(squares)),
          options=("--owner", "yellow", "--layout"))
    done = enrol(tmp_path, "quit")
    assert done.code == 0
    assert "Every figure of Yellow's set has a tag already" in done.out
    listed = run("enrol", "--missing", "--owner", "yellow", "--registry", tmp_path / "reg.json")
    assert listed.out == "Yellow: every figure of the set has a tag.\n"


def test_usage_errors_exit_2_with_what_to_do(tmp_path: Path) -> None:
    no_owner = run("enrol", "--sim")
    assert no_owner.code == 2
    assert no_owner.err == ("brettl enrol: whose set? give --owner (yellow, orange, yellow2,"
                            " orange2), or --figure to re-enrol one figure\n")
    spi = run("enrol", "--backend", "spi", "--owner", "yellow")
    assert spi.code == 2
    assert spi.err == ("brettl enrol: backend 'spi' needs [reader.spi] address_pins in the"
                       " config (see config.example.toml)\n")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", "utf-8")
    refused = run("enrol", "--owner", "yellow", "--registry", broken)
    assert refused.code == 2 and f"{broken}: not valid JSON" in refused.err
    assert run("enrol", "--owner", "purple").code == 2  # argparse: not an owner
    assert run("enrol", "--layout", "--missing").code == 2  # argparse: one or the other
    nowhere = run("enrol", "--owner", "yellow", "--script", tmp_path / "nope.txt")
    assert nowhere.code == 2 and "cannot read the script" in nowhere.err


def test_enrolling_on_the_simulated_board_leaves_the_real_registry_alone(
        tmp_path: Path, home: Path) -> None:
    """Finding 11: ``giganten enrol --sim`` wrote the real registry, after which every
    simulated game refused to start ("23 of Yellow's figures ... enrol --missing")."""
    done = run("enrol", "--sim", "--owner", "yellow", "--script",
               script(tmp_path / "e.txt", f"place a1 {UIDS[0]}"))
    assert done.code == 0, done.err
    assert "(practice: games go on using the simulated sets" in done.out
    assert not (home / "registry.json").exists()
    assert Registry.load(home / "sim-registry.json").lookup(UIDS[0]) is not None
    game = run("play", "--sim", "--seed", 3, "--script",
               script(tmp_path / "p.txt", "setup all", "start yellow"))
    assert game.code == 0, game.err
    assert "play begins" in game.out  # the simulated sets: nothing refused
