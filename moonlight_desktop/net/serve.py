"""`moonlight-desktop serve`: a game server from the command line, until Ctrl+C.

With no options it listens on localhost only and keeps its rooms in SQLite in the user data
folder. It says plainly when traffic is not encrypted (no certificate) and refuses to listen
beyond this computer unencrypted unless told `--insecure`."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sqlite3
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from moonlight_desktop.usage import UsageError
from moonlight_desktop.userdata import data_dir

from .server import GameServer
from .store import SQLiteStore, Store

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
DEFAULT_PORT = 8765


@dataclass(frozen=True, slots=True)
class ServeOptions:
    host: str = "localhost"
    port: int = DEFAULT_PORT
    db: str | None = None
    cert: Path | None = None
    key: Path | None = None
    insecure: bool = False
    bot_pause: float = 0.4


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def open_store(db: str | None) -> tuple[Store, str]:
    """The rooms' store `db` names (a PostgreSQL URL, or a SQLite file; by default
    server/rooms.sqlite3 in the user data folder) and how to say where it is."""
    if db is not None and db.startswith(POSTGRES_SCHEMES):
        try:
            from .postgres import PostgresStore
        except ImportError:
            raise UsageError(
                'PostgreSQL needs the extra: pip install "moonlight-desktop[server-postgres]"'
            ) from None
        try:
            return PostgresStore(db), "PostgreSQL"
        except Exception as error:  # psycopg's errors, whatever the server says
            raise UsageError(f"cannot use the PostgreSQL database: {error}") from None
    path = data_dir() / "server" / "rooms.sqlite3" if db is None else Path(db)
    try:
        return SQLiteStore(path), str(path)
    except (OSError, ValueError, sqlite3.Error) as error:
        raise UsageError(f"cannot open the rooms' database {path}: {error}") from None


def tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise UsageError("--cert and --key go together")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        raise UsageError(f"cannot use the certificate: {error}") from None
    return context


def serve(options: ServeOptions, say: Callable[[str], None] = print) -> str:
    """Runs the server until interrupted; what to print when it stops."""
    if not 0 <= options.port <= 65535:
        raise UsageError("--port must be from 0 to 65535")
    if not 0 <= options.bot_pause <= 60:
        raise UsageError("--bot-pause must be from 0 to 60 seconds")
    certificate = tls_context(options.cert, options.key)
    if certificate is None and options.host not in LOCAL_HOSTS and not options.insecure:
        raise UsageError(
            "without --cert and --key traffic is not encrypted: listen on localhost (behind a"
            " TLS proxy), or add --insecure to listen on the network anyway"
        )
    store, where = open_store(options.db)
    try:
        server = GameServer(store, bot_pause=options.bot_pause)
        asyncio.run(_run(server, options, certificate, where, say))
    finally:
        store.close()
    return "The server has stopped; every room is kept."


async def _run(
    server: GameServer,
    options: ServeOptions,
    certificate: ssl.SSLContext | None,
    where: str,
    say: Callable[[str], None],
) -> None:
    try:
        listening = await server.listen(options.host, options.port, certificate)
    except OSError as error:
        server.close()
        raise UsageError(f"cannot listen on {options.host}:{options.port}: {error}") from None
    port = next(iter(listening.sockets)).getsockname()[1]
    scheme = "wss" if certificate else "ws"
    say(f"Serving Moonlight Desktop tables at {scheme}://{options.host}:{port}")
    say(f"Rooms are kept in {where}")
    if certificate is None:
        say("Traffic is not encrypted (no --cert and --key given).")
    say("Press Ctrl+C to stop.")
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signum, stop.cancel)
    try:
        await stop
    except asyncio.CancelledError:
        pass
    finally:
        listening.close()
        await listening.wait_closed()
        server.close()
