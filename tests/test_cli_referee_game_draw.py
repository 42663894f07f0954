"""``giganten referee --game NAME``: the players' draw offer at the terminal [W3]
(``draw offer|accept|decline PLAYER``): declined, withdrawn by a turn, accepted (the game
ends drawn, declared by the players, and verifies); a wrong answer gets one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.test_cli_referee_game import PIN_HASH, exported_and_verified, only_log, script

__all__ = ["home"]


@pytest.mark.parametrize(("game", "start"), [("gimmel", ()), ("strategus", ("setup all",
                                                                            "start"))])
def test_a_draw_offered_declined_withdrawn_and_accepted(home: Path, tmp_path: Path,
                                                        game: str, start: tuple[str, ...]
                                                        ) -> None:
    first, second = ("white", "black") if game == "gimmel" else ("red", "blue")
    done = run("referee", "--game", game, "--sim", "--seed", "2", "--time", "30+10",
               "--pin-hash", PIN_HASH, "--script",
               script(tmp_path / "s.txt", *start, "auto 2", f"draw offer {first}",
                      f"draw decline {second}", f"draw offer {second}", "auto 1",
                      f"draw offer {first}", f"draw accept {second}", "status"))
    assert done.code == 0, done.err + done.out[-1500:]
    out = done.out
    assert f"{first} offers a draw: an opponent accepts or declines it" in out
    assert f"{second} declined the draw: play on" in out
    assert "over after 3 turns; winner nobody (draw, declared at the desk)" in out
    records = exported_and_verified(only_log(home / "games"), tmp_path)
    assert records["full"]["declared"] == {"winner": None, "reason": "draw"}


def test_an_offer_withdrawn_by_a_turn_cannot_be_accepted(home: Path, tmp_path: Path) -> None:
    done = run("referee", "--game", "gimmel", "--sim", "--pin-hash", PIN_HASH, "--script",
               script(tmp_path / "w.txt", "auto 1", "draw offer black", "auto 1",
                      "draw accept white"))
    assert done.code == 2 and "Traceback" not in done.err
    assert "No draw is on offer" in done.err and done.err.count("\n") == 1
    own = run("referee", "--game", "gimmel", "--sim", "--pin-hash", PIN_HASH, "--script",
              script(tmp_path / "o.txt", "auto 1", "draw offer black", "draw accept black"))
    assert own.code == 2 and "Only an opponent of Black" in own.err
    bad = run("referee", "--game", "gimmel", "--sim", "--pin-hash", PIN_HASH, "--script",
              script(tmp_path / "b.txt", "auto 1", "draw maybe white"))
    assert bad.code == 2 and "draw offer PLAYER, draw accept PLAYER" in bad.err
