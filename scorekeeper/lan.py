"""The addresses a phone on the club's network can open this server by (no Flask, no traffic).

A phone cannot open ``127.0.0.1`` or ``0.0.0.0`` of the server (PLATFORM.md): what ``make run``
prints and what the QR codes carry must be one of the machine's LAN addresses, or a public
address the organiser set. The machine's own addresses are read from its network interfaces
(``SIOCGIFADDR``); nothing is sent anywhere.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from collections.abc import Iterable

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address
EVERY_ADDRESS = ("0.0.0.0", "", "::", "[::]")  # a server bound here listens on every interface


def interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces that is up, loopback included."""
    found: list[str] = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                packed = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # an interface without an IPv4 address
                continue
        found.append(socket.inet_ntoa(packed[20:24]))
    return found


def is_loopback(host: str) -> bool:
    """Whether a phone would reach itself, not the server, at ``host`` (or reach nothing: 0.0.0.0)."""
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False  # a name: the network's own DNS may know it
    return address.is_loopback or address.is_unspecified


def phone_urls(host: str, port: int, addresses: Iterable[str]) -> list[str]:
    """The addresses a phone may open for a server bound to ``host``:``port``: every LAN address
    of the machine when it listens on all of them (``0.0.0.0``), none when it listens on loopback
    only, else the one it was given.

    >>> phone_urls("0.0.0.0", 8000, ["127.0.0.1", "192.168.1.20", "10.0.0.5"])
    ['http://192.168.1.20:8000/', 'http://10.0.0.5:8000/']
    >>> phone_urls("127.0.0.1", 8000, ["127.0.0.1", "192.168.1.20"])
    []
    >>> phone_urls("192.168.1.20", 80, [])
    ['http://192.168.1.20/']
    """
    suffix = "" if port == 80 else f":{port}"
    if host in EVERY_ADDRESS:
        return [f"http://{address}{suffix}/" for address in addresses if not is_loopback(address)]
    if is_loopback(host):
        return []
    return [f"http://{host}{suffix}/"]
