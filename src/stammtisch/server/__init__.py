"""The web server: lobby, tables, WebSocket play, persistence, the browser client."""
