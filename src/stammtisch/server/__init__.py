"""The web server: lobby, tables, WebSocket play, persistence, the browser client.

Layers, each in its own module: :mod:`.db` stores tables and their accepted actions,
:mod:`.table` is the one writer of a table's game, :mod:`.hub` keeps the live tables,
their bots and timers, :mod:`.api` (REST) and :mod:`.ws` (WebSocket) are the transport.
"""
