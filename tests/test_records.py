"""A game's public record while it runs names no combatant's kind [I4]; once it is over
its turns are told as they were shown (``companion.archive.game_records``)."""

from __future__ import annotations

from pathlib import Path

from tests.kind_words import leaked_kinds


def test_a_running_games_public_record_names_no_combatants_kind(
        tmp_path: Path) -> None:
    """While the game runs its public record is history: a list of every combatant ever
    shown would be the memory aid that [I4] forbids.
    Once it is over the turns are told as they were shown."""
    from companion.archive.game_records import public_record as public_of
    from companion.ledger.record import verify as read_log
    from tests.giganten_played import played_run

    run, played = played_run(tmp_path / "running", 3, max_plies=20)
    assert not played.is_over and played.ply == 20
    run.session.close()
    record = public_of(read_log(run.log_path))
    assert record["result"] is None and leaked_kinds(record) == []
    assert any("challenge" in turn["public"] for turn in record["turns"])
    over, _ = played_run(tmp_path / "over", 3)
    over.session.close()
    shown = public_of(read_log(over.log_path))
    assert leaked_kinds(shown["turns"], frozenset({"reason"}))  # as they were shown
