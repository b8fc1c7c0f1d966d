#!/usr/bin/env python3
"""Print the address a phone on the same network opens, when the server listens on all
interfaces (``make run`` calls it; standard library only).

Usage: python3 tools/lan_address.py HOST PORT [BASE_PATH]

For ``HOST`` ``0.0.0.0`` or ``::`` it prints ``make: on a phone on the same network,
open http://192.168.1.23:8000/`` (this machine's address on the network its default
route leaves by; nothing is sent); for any other host it prints nothing, since the
server is reachable only at that address. Exit status 0 either way; 2 for bad usage.
"""

from __future__ import annotations

import socket
import sys

ALL_INTERFACES = {"0.0.0.0", "::", "[::]", ""}
PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): a UDP connect picks a route, sends nothing


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or ``None`` when it has none
    (no network, or only loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(PROBE)
            address = str(sock.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def phone_url(host: str, port: int, base_path: str = "", address: str | None = None) -> str | None:
    """The URL to open on a phone for a server on ``host``:``port`` under ``base_path``,
    or ``None`` when the server does not listen on all interfaces or there is no LAN
    address. ``address`` overrides the one found (for tests)."""
    if host not in ALL_INTERFACES:
        return None
    address = address or lan_address()
    return f"http://{address}:{port}{base_path}/" if address else None


def main(argv: list[str]) -> int:
    """Print the line for ``HOST PORT [BASE_PATH]`` (see the module docstring)."""
    if len(argv) not in (2, 3) or not argv[1].isdigit():
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    host, port, base = argv[0], int(argv[1]), argv[2] if len(argv) == 3 else ""
    url = phone_url(host, port, base)
    if url:
        print(f"make: on a phone on the same network, open {url}")
    elif host in ALL_INTERFACES:
        print("make: listening on all interfaces, but this machine has no network address")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
