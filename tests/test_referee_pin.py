"""The arbiter's PIN (``companion.referee.pin``), shared by every desk and ``--set-pin``:
stored as a salted hash, checked in constant time, too short a PIN refused (ported from the
old desk's tests, ``tests/test_referee.py``, in issue 13)."""

from __future__ import annotations

import pytest

from companion.referee.pin import RefereeError, check_pin, hash_pin

PIN = "2468"


def test_the_pin_is_stored_as_a_salted_hash_and_checked() -> None:
    one, two = hash_pin(PIN, iterations=1000), hash_pin(PIN, iterations=1000)
    assert one != two  # salted: the same PIN never hashes alike
    # Not stored: a PIN of letters hex never holds (a digit PIN is in 0.16 % of hashes).
    assert "zqxw" not in hash_pin("zqxw", iterations=1000)
    assert one.startswith("pbkdf2_sha256$1000$")
    assert check_pin(PIN, one) and check_pin(f" {PIN} ", one)
    assert not check_pin("2469", one)
    assert not check_pin(PIN, "not a hash") and not check_pin(PIN, "md5$1$00$00")
    with pytest.raises(RefereeError, match="at least 4"):
        hash_pin("12")


def test_the_desk_refuses_with_the_pins_error() -> None:
    """One ``RefereeError`` for the PIN and the desk, so that a front end catches one."""
    from companion.referee import game_desk

    assert game_desk.RefereeError is RefereeError
