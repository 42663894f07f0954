"""MicroPython firmware of a section controller (one RP2040 per 7×7 map tile).

``protocol`` frames and parses the lines of the serial protocol (``docs/serial-protocol.md``),
``section`` is the scan loop and command handling, ``main`` starts it on the device.
Everything but ``main`` runs unchanged on CPython, where the tests drive it with fake readers
and a pty; on the device the package is copied as ``gz/`` (see ``README.md``).
"""
