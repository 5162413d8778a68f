"""Hostile names cannot pull a local file or a network resource into a PDF."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from pdf_support import pdf_text, read_pdf
from snapshots import handmade_snapshot

from scorekeeper import pdf
from scorekeeper.pdf import engine

SECRET = Path("/etc/passwd")
HOSTILE = [
    '<img src="file:///etc/passwd">',
    '<p style="background: url(file:///etc/passwd)">x</p>',
    '<link rel=attachment href="file:///etc/passwd">',
    "<style>@import url(http://127.0.0.1:9/x.css);</style>",
]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    attempts: list[Any] = []

    def refuse(self: socket.socket, address: Any) -> None:
        attempts.append(address)
        raise OSError("network disabled in the PDF tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    return attempts


def secret_lines() -> list[str]:
    return [line for line in SECRET.read_text().splitlines() if len(line) > 8][:5]


def assert_clean(data: bytes) -> None:
    reader = read_pdf(data)
    text = pdf_text(data)
    for line in secret_lines():
        assert line not in text
    assert not reader.attachments
    assert "/EmbeddedFiles" not in reader.trailer["/Root"].get("/Names", {})
    assert b"root:x:0:0" not in data


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_player_and_side_names_are_text(ctx: Any, fetched: list[tuple[str, str]],
                                                no_network: list[Any], name: str) -> None:
    snapshot = handmade_snapshot(2, match_id=666, version=hash(name) % 10_000)
    snapshot["name"] = name
    snapshot["sides"][0]["players"] = [name, "Bia"]
    snapshot["sides"][1]["name"] = name
    for deal in snapshot["result"]["deals"]:
        deal["sides"][1]["name"] = name
    data = pdf.render_match_summary(snapshot, "en")
    assert_clean(data)
    assert name in pdf_text(data)  # escaped by Jinja, printed as the players typed it
    assert read_pdf(data).metadata.title.startswith(name)
    # The fetcher only ever saw the bundled fonts.
    assert all(url.startswith("sk-static:") and verdict == "served" for url, verdict in fetched)
    assert not no_network


def test_hostile_burro_names(ctx: Any, fetched: list[tuple[str, str]],
                             no_network: list[Any]) -> None:
    data = pdf.render_burro_sheet("fr", players=HOSTILE[:3])
    assert_clean(data)
    assert all(url.startswith("sk-static:") for url, _ in fetched)
    assert not no_network


def test_fetcher_refuses_everything_but_static_files(ctx: Any,
                                                     fetched: list[tuple[str, str]],
                                                     no_network: list[Any]) -> None:
    """Even HTML that escaped autoescape could not reach a file or the network."""
    raw = """<html lang="en"><head><title>raw</title>
    <link rel="attachment" href="file:///etc/passwd" title="passwd">
    <link rel="stylesheet" href="http://127.0.0.1:9/evil.css">
    </head><body>
    <img alt="a" src="file:///etc/passwd"><img alt="b" src="http://127.0.0.1:9/x.png">
    <img alt="c" src="sk-static:../../../../etc/passwd">
    <img alt="d" src="sk-static:%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd">
    <img alt="e" src="data:text/plain;base64,cm9vdDp4OjA6MA==">
    <p style="background: url(ftp://127.0.0.1/x)">x</p>
    <a rel="attachment" href="file:///etc/passwd">passwd</a>
    </body></html>"""
    data = engine._write_pdf(raw, "A4")
    assert_clean(data)
    refused = {url for url, verdict in fetched if verdict == "refused"}
    assert "file:///etc/passwd" in refused
    assert "http://127.0.0.1:9/x.png" in refused
    assert "http://127.0.0.1:9/evil.css" in refused
    assert any(url.startswith("data:") for url in refused)
    assert any("etc/passwd" in url and url.startswith("sk-static:") for url in refused)
    assert all(verdict == "refused" for url, verdict in fetched
               if not url.startswith("sk-static:fonts/"))
    assert not no_network


def test_fetcher_serves_the_bundled_font(ctx: Any) -> None:
    fetcher = engine.StaticOnlyFetcher()
    response = fetcher.fetch("sk-static:fonts/DejaVuSans.ttf")
    assert response.read(4) == b"\x00\x01\x00\x00"
    response.close()
    for url in ("file:///etc/passwd", "sk-static:/etc/passwd", "sk-static:fonts/",
                "sk-static:../pdf.py", "https://example.org/"):
        with pytest.raises(pdf.RefusedURL):
            fetcher.fetch(url)


def test_css_string_cannot_close_the_style_element() -> None:
    out = str(pdf.css_string('</style><img src=x>"; } @import "x'))
    assert out[0] == out[-1] == '"'
    for char in '<>"':
        assert char not in out[1:-1]
