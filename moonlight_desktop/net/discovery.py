"""Tables on the local network, found without typing an address: a hosted table announces
itself over multicast DNS (zeroconf, the service type `SERVICE_TYPE`), and a `TableFinder`
keeps the list of the tables announced around it. No pygame.

The window calls both from its frame loop, so neither ever waits on the network nor raises
into its caller: zeroconf's sockets are opened, and a table announced, resolved or withdrawn,
on a thread of the object's own. Where this computer allows no multicast (no network, a
firewall, a sandbox) they say so (`available` False, `problem` the reason) and do nothing.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Annotated

import ifaddr
import msgspec
from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from moonlight_desktop.version import version

from .protocol import PROTOCOL_VERSION, Code, Name, Short

log = logging.getLogger(__name__)

SERVICE_TYPE = "_moonlight._tcp.local."
RECORD_TTL = 120
"""Seconds a table's records live in the others' caches: a host gone without a goodbye (its
computer asleep or cut off) leaves their lists within two minutes."""
RESOLVE_MS = 3000
"""How long a finder waits for a table's records once it has heard of it."""
INSTANCE_BYTES = 50
"""A table's name on the network is cut to this many bytes (DNS allows 63)."""


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table announced on the local network: where to connect and what it is."""

    name: str
    """Its service name on the network (one per table)."""
    address: str
    port: int
    game: str
    room: str
    host_name: str
    version: str
    """The host's app version."""
    protocol: int
    """The host's PROTOCOL_VERSION: a table of another one cannot be joined from here."""

    @property
    def joinable(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}"


class _Announced(msgspec.Struct):
    """A table's TXT properties, checked as the protocol checks a message (other keys are
    allowed: a later version may say more)."""

    protocol: Annotated[int, msgspec.Meta(ge=0, le=2**31)]
    game: Short
    room: Code
    host: Name
    app: Short


def table_properties(game: str, room: str, host_name: str) -> dict[str, str]:
    """What a hosted table announces about itself (its TXT properties; each fits a TXT
    string's 255 bytes, as `_Announced` checks them)."""
    return {
        "protocol": str(PROTOCOL_VERSION),
        "game": game,
        "room": room,
        "host": host_name,
        "app": version(),
    }


def found_table(
    name: str, addresses: list[str], port: int | None, properties: Mapping[bytes, object]
) -> FoundTable | None:
    """The table a service of our type announces, or None when what it says is not a table
    this app can read (a property missing, of the wrong kind, not UTF-8 or out of range; no
    address or port): another program's service, or a damaged one, is passed over."""
    if not addresses or port is None or not 0 < port < 65536:
        return None
    texts = {}
    for key, value in properties.items():  # a key of no value, or not UTF-8, is not ours
        if isinstance(value, bytes):
            with contextlib.suppress(UnicodeDecodeError):
                texts[key.decode()] = value.decode()
    try:
        announced = msgspec.convert(texts, _Announced, strict=False)
    except msgspec.ValidationError:
        return None
    return FoundTable(
        name,
        addresses[0],
        port,
        announced.game,
        announced.room,
        announced.host,
        announced.app,
        announced.protocol,
    )


class _OnItsOwnThread:
    """Network work done in order on a thread of the object's own: `start` as it is made (a
    subclass sets its attributes before), `_stop` when closed. A step that fails is logged and
    kept as `problem`; the later ones still run (each checks what it needs)."""

    def __init__(self, thread_name: str, start: Callable[[], None]) -> None:
        self._problem: str | None = None
        self._tasks: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=thread_name, daemon=True)
        self._thread.start()
        self._submit(start)

    @property
    def available(self) -> bool:
        return self._problem is None

    @property
    def problem(self) -> str | None:
        """Why it cannot work on this computer's network (None: it does, or is starting to)."""
        return self._problem

    def close(self, wait: float = 0.0) -> None:
        """Stops, after the work asked so far; waits up to `wait` seconds for it to be done."""
        self._tasks.put(self._stop)
        self._tasks.put(None)
        self._thread.join(wait)

    def _stop(self) -> None: ...

    def _submit(self, task: Callable[[], None]) -> None:
        self._tasks.put(task)

    def _run(self) -> None:
        while (task := self._tasks.get()) is not None:
            try:
                task()
            except Exception as error:  # zeroconf's own, OSError: whatever the network says
                log.warning("local network discovery is not available: %s", error)
                self._problem = self._problem or str(error) or type(error).__name__


class Advertised(_OnItsOwnThread):
    """A hosted table announced on the local network (at this computer's addresses and
    `port`) until `close`, which withdraws it (the others' lists drop it)."""

    def __init__(self, port: int, game: str, room: str, host_name: str) -> None:
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._announced = threading.Event()
        super().__init__("announce a table", partial(self._announce, port, game, room, host_name))

    @property
    def announced(self) -> bool:
        """Others on the network can find it now."""
        return self._announced.is_set()

    def _announce(self, port: int, game: str, room: str, host_name: str) -> None:
        properties = table_properties(game, room, host_name)
        msgspec.convert(properties, _Announced, strict=False)  # what the finders will check
        addresses = own_addresses()
        if not addresses:
            raise OSError("this computer has no network address to announce")
        self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
        self._info = ServiceInfo(
            SERVICE_TYPE,
            f"{instance_name(host_name, room)}.{SERVICE_TYPE}",
            port=port,
            properties=properties,
            server=f"moonlight-{secrets.token_hex(4)}.local.",
            host_ttl=RECORD_TTL,
            other_ttl=RECORD_TTL,
            parsed_addresses=addresses,
        )
        self._zeroconf.register_service(self._info, allow_name_change=True)
        self._announced.set()

    def _stop(self) -> None:
        """Withdraws the table: its goodbye tells the others at once."""
        self._announced.clear()
        if self._zeroconf is None:
            return
        try:
            if self._info is not None:
                self._zeroconf.unregister_service(self._info)
        finally:
            self._zeroconf.close()


class TableFinder(_OnItsOwnThread):
    """The tables announced on the local network, kept current from when it is made until
    `close`."""

    def __init__(self) -> None:
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        super().__init__("find tables", self._browse)

    @property
    def tables(self) -> tuple[FoundTable, ...]:
        """The tables found now, by host name then room."""
        with self._lock:
            found = list(self._found.values())
        return tuple(sorted(found, key=lambda table: (table.host_name.casefold(), table.room)))

    def _browse(self) -> None:
        self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """On zeroconf's thread: the work goes to ours (resolving waits for answers)."""
        if state_change is ServiceStateChange.Removed:
            self._submit(partial(self._forget, name))
        else:
            self._submit(partial(self._resolve, name))

    def _resolve(self, name: str) -> None:
        if self._zeroconf is None:
            return
        try:
            info = self._zeroconf.get_service_info(SERVICE_TYPE, name, timeout=RESOLVE_MS)
        except (OSError, ZeroconfError) as error:  # this table only: the others still count
            log.info("could not read the table %s: %s", name, error)
            info = None
        table = None
        if info is not None:
            addresses = info.parsed_addresses(IPVersion.V4Only)
            table = found_table(name, addresses, info.port, info.properties)
        if table is None:
            log.debug("passed over a service that is not a table: %s", name)
            self._forget(name)
            return
        with self._lock:
            self._found[name] = table

    def _forget(self, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)

    def _stop(self) -> None:
        with self._lock:
            self._found.clear()
        if self._browser is not None:
            self._browser.cancel()
        if self._zeroconf is not None:
            self._zeroconf.close()


def own_addresses() -> list[str]:
    """This computer's IPv4 addresses beyond itself, the one it reaches the network through
    first (what friends' computers most likely reach it at)."""
    found = [
        address.ip
        for adapter in ifaddr.get_adapters()
        for address in adapter.ips
        if address.is_IPv4 and isinstance(address.ip, str) and not address.ip.startswith("127.")
    ]
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: the route's own address is kept
        route = probe.getsockname()[0]
        if route in found:
            found.remove(route)
            found.insert(0, route)
    return found


def instance_name(host_name: str, room: str) -> str:
    """The table's name on the network, as other mDNS browsers show it: its host and room,
    on one line, without the dots that separate DNS labels."""
    words = "".join(c if c.isprintable() and c != "." else " " for c in f"{host_name} {room}")
    return _cut(" ".join(words.split()), INSTANCE_BYTES)


def _cut(text: str, limit: int) -> str:
    """`text` cut to at most `limit` bytes of UTF-8, never inside a character."""
    return text.encode()[:limit].decode(errors="ignore")
