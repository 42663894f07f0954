"""Runs the section controller's firmware in CPython for tests/hardware/test_micropython.py,
over the same line protocol as ``host.mjs`` (see there), so every case runs in both
interpreters and a difference between them shows up as a failing case.

Usage: python host.py <device dir>
The device directory holds the files as the board would (main.py, gz/…, gz_config.json,
harness.py); ``js.gzHost`` is provided here as the WebAssembly port provides it there.
"""

import os
import sys
import types

PROTOCOL = sys.stdout


def send(line: str) -> None:
    PROTOCOL.write(line + "\n")
    PROTOCOL.flush()


def gz_host(line: str) -> str:
    send(line)
    if line[0] == "X" or line == "R":
        answer = sys.stdin.readline()
        if not answer:
            raise SystemExit(3)  # the test went away
        return answer.rstrip("\n")
    return ""


class DeviceOutput:
    """What the firmware prints, sent as ``O <hex>`` like the port's stdout."""

    def write(self, text: str) -> int:
        send("O " + text.encode().hex())
        return len(text)

    def flush(self) -> None:
        pass


def main() -> None:
    device = sys.argv[1]
    os.chdir(device)
    sys.path.insert(0, device)
    js = types.ModuleType("js")
    js.gzHost = gz_host  # type: ignore[attr-defined]
    sys.modules["js"] = js
    sys.stdout = DeviceOutput()  # type: ignore[assignment]
    try:
        import harness

        harness.boot()
        send("END returned")
    except BaseException as err:  # reported to the test, as host.mjs does
        text = str(err)
        send("END " + type(err).__name__ + (": " + text if text else ""))


if __name__ == "__main__":
    main()
