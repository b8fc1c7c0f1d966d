"""``tools/lan_address.py`` (``make run``): the address a phone opens, printed only when
the server listens on all interfaces."""

from __future__ import annotations

import pytest

from tools.lan_address import lan_address, main, phone_url


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_all_interfaces_give_the_lan_url_with_the_base_path(host: str) -> None:
    assert phone_url(host, 8000, "/gin", address="192.168.1.23") == "http://192.168.1.23:8000/gin/"
    assert phone_url(host, 9000, address="10.0.0.5") == "http://10.0.0.5:9000/"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "192.168.1.23"])
def test_one_address_prints_nothing(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert phone_url(host, 8000, address="192.168.1.23") is None
    assert main([host, "8000"]) == 0
    assert capsys.readouterr().out == ""


def test_the_lan_address_is_never_loopback() -> None:
    found = lan_address()
    assert found is None or not found.startswith("127.")


def test_bad_usage_says_how_to_call_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2 and main(["0.0.0.0", "eighty"]) == 2
    assert "Usage: python3 tools/lan_address.py HOST PORT [BASE_PATH]" in capsys.readouterr().err
