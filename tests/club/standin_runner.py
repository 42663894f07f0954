"""A stand-in for ``python -m club.table_runner`` (built by the club-table helper), with the
same command line, used by the dashboard's tests and ``bench/event.py`` until that exists.

It plays a whole game of the demo bots (``companion.demo``) on a ``GameState`` (no
simulated readers: cheaper, so 50 of them fit on two cores) and publishes it on the
shared topics: ``public/online`` (retained "1", Last Will "0"), ``public/status``
(retained, QoS 1) and ``public/feed`` (QoS 1), every payload built from
``companion.views`` for the ``public`` audience. What it does not have is the durable
outbox: messages published while the broker is away wait in paho's memory queue and are
sent when it is back (enough for a broker restart; a killed runner loses them).

    python -m tests.club.standin_runner --broker HOST:PORT --event E --table T
        [--seed S] [--turn-interval 1.0] [--outbox DIR] [--username U --password P]
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.demo import make_bots, new_game, take_turn
from companion.events import TurnPlayed
from companion.rules.state import GameState
from companion.rules.turns import TurnResult
from companion.views import PUBLIC, RULEBOOK, event_view, view_for

BASE_CLOCK = 600.0
"""Seconds on each player's clock at the start (the stand-in's clocks only count down)."""


def last_turn_view(state: GameState, policy: str = RULEBOOK) -> dict[str, Any] | None:
    """The public event view of the last turn played (None after a resignation)."""
    result = state.history[-1] if state.history else None
    if not isinstance(result, TurnResult):
        return None
    return event_view(TurnPlayed(result), PUBLIC, board=state.board, players=state.players,
                      state=state, policy=policy)


def status_of(event: str, table: str, round_: str, seq: int, state: GameState,
              last_turn: dict[str, Any] | None, clocks: dict[str, float] | None,
              policy: str = RULEBOOK) -> dict[str, Any]:
    """A ``public/status`` message of the shared design, built from the public view."""
    result = ({"winner": state.players[state.winner].name, "reason": state.reason}
              if state.winner is not None else None)
    return {"v": 1, "event": event, "table": table, "round": round_, "seq": seq,
            "time": time.time(), "phase": "over" if state.is_over else "play",
            "players": [p.name for p in state.players],
            "to_move": state.players[state.to_move].name, "ply": state.ply,
            "board": view_for(state, PUBLIC, policy), "last_turn": last_turn,
            "clocks": None if clocks is None else dict(clocks), "result": result,
            "alerts": []}


class Runner:
    """One table: a game, its clocks and its MQTT client."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.prefix = f"giganten/{args.event}/table/{args.table}/public"
        self.seq = 0
        self.lock = threading.Lock()
        self.state: GameState = new_game(args.seed)
        self.bots = make_bots(self.state, args.seed)
        self.clocks = {p.name: BASE_CLOCK for p in self.state.players}
        self.last_turn: dict[str, Any] | None = None
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2,
                                  client_id=f"giganten-table-{args.event}-{args.table}",
                                  clean_session=False)
        self.client.max_queued_messages_set(0)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        if args.username:
            self.client.username_pw_set(args.username, args.password)
        self.client.will_set(f"{self.prefix}/online", "0", qos=1, retain=True)
        self.client.on_connect = self._connected

    def _connected(self, client: Any, userdata: Any, flags: Any, reason: Any,
                   properties: Any) -> None:
        client.publish(f"{self.prefix}/online", "1", qos=1, retain=True)

    def feed(self, type_: str, text: str, view: dict[str, Any] | None) -> int:
        """Publish one feed message; return its seq."""
        with self.lock:
            self.seq += 1
            message = {"v": 1, "event": self.args.event, "table": self.args.table,
                       "seq": self.seq, "time": time.time(), "type": type_, "text": text,
                       "view": view}
            self.client.publish(f"{self.prefix}/feed", json.dumps(message), qos=1)
            return self.seq

    def status(self) -> None:
        """Publish the retained public state."""
        message = status_of(self.args.event, self.args.table, self.args.round, self.seq,
                            self.state, self.last_turn, self.clocks)
        self.client.publish(f"{self.prefix}/status", json.dumps(message), qos=1, retain=True)

    def play(self) -> None:
        """Play the game a turn per ``--turn-interval`` seconds, publishing every turn."""
        self.client.connect_async(self.args.host, self.args.port, keepalive=5)
        self.client.loop_start()
        state = self.state
        self.feed("start", f"The game begins: {state.players[state.to_move].name.capitalize()}"
                           " moves first [S5]", None)
        self.status()
        next_turn = time.monotonic() + self.args.turn_interval
        while not state.is_over and state.ply < self.args.max_plies:
            time.sleep(max(0.0, next_turn - time.monotonic()))
            mover = state.players[state.to_move].name
            began = time.monotonic()
            take_turn(state, self.bots)
            self.clocks[mover] -= self.args.turn_interval
            view = last_turn_view(state)
            if view is not None:
                self.last_turn = {"text": view["text"], "view": view}
                self.feed("turn", view["text"], view)
            self.status()
            next_turn = began + self.args.turn_interval
        if state.is_over:
            self.feed("over", f"Game over ({state.reason})", None)
            self.status()

    def close(self) -> None:
        """Wait until the broker has everything (while it is up), then disconnect."""
        deadline = time.monotonic() + self.args.linger
        while self.client.want_write() or self._unacked():
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
        self.client.disconnect()
        self.client.loop_stop()

    def _unacked(self) -> bool:
        return bool(getattr(self.client, "_out_messages", {}))


def _host_port(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return host, int(port)


def main(argv: list[str] | None = None) -> int:
    """Run one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--broker", type=_host_port, required=True)
    parser.add_argument("--event", required=True)
    parser.add_argument("--table", required=True)
    parser.add_argument("--round", default="1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-interval", type=float, default=1.0)
    parser.add_argument("--outbox", default=None, help="ignored: the stand-in keeps no outbox")
    parser.add_argument("--username", default=None)
    parser.add_argument("--password", default=None)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--linger", type=float, default=60.0)
    args = parser.parse_args(argv)
    args.host, args.port = args.broker
    runner = Runner(args)
    try:
        runner.play()
    finally:
        runner.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
