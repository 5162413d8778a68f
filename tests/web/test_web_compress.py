"""Compressed bodies are kept by a digest of what they hold (scorekeeper/web/compress.py):
the cache keeps no page or file whole beside its compressed bytes, and holds its bound."""

from __future__ import annotations

import gzip

from scorekeeper.web import compress


def test_the_compressed_bodies_are_kept_by_a_digest_never_by_the_body(app):
    compress._compressed.clear()
    bodies = [(f"<p>{i}</p>".encode() + b" " * 200_000) for i in range(100)]
    with app.test_request_context("/"):
        for body in bodies:
            assert gzip.decompress(compress._gzip(body, compress.PAGE_LEVEL)) == body
        again = compress._gzip(bytes(bodies[-1]), compress.PAGE_LEVEL)  # same bytes, another object
    assert gzip.decompress(again) == bodies[-1]
    kept = compress._compressed.keys()
    held = sum(len(part) for key in kept for part in key if isinstance(part, bytes))
    assert held < 64 * len(kept), "bodies held as the cache's keys"


def test_a_page_sent_twice_is_the_same_compressed_page(client):
    first = client.get("/rules", headers={"Accept-Encoding": "gzip"})
    second = client.get("/rules", headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(first.data) == gzip.decompress(second.data)
    assert b"<html" in gzip.decompress(first.data)
