"""The club event feed: each table publishes its public feed to the event's MQTT broker.

This package does I/O (sockets, threads, files), so it lives outside ``companion``, which
stays pure. Everything it publishes on ``public/...`` topics is built by
``companion.views`` for the ``public`` audience [I1–I4]; see ``docs/club.md``.
"""
