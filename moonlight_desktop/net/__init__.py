"""Online play without pygame: the protocol's messages, the rooms a server keeps, where it
stores them, the server itself and the client the window uses (docs/protocol.md)."""
