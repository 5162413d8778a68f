"""Pages, stylesheets and scripts sent gzip-compressed to browsers that accept it.

A phone on the table's Wi-Fi receives a 24-deal scoreboard in a few kilobytes. Versioned
static files and cached pages come back as the same bytes again and again, so their
compressed form is kept, by a digest of the bytes themselves: never by a URL (nothing
stale can be served), nor by the bytes (the cache would hold each body whole beside its
compressed form, outside its bound).
"""

from __future__ import annotations

import gzip
import hashlib

from flask import Flask, Response, request

from scorekeeper.caching import LRU

#: What is worth compressing (PDFs, PNGs and zips are compressed already). Pyodide's
#: WebAssembly, the bulk of the offline pack, goes from 9.6 MB to 3.6 MB.
COMPRESSIBLE = frozenset({"text/html", "text/css", "text/javascript", "application/javascript",
                          "application/json", "image/svg+xml", "application/wasm"})
#: Smaller bodies gain less than the header costs.
MIN_BYTES = 1024

#: How hard each body is compressed. A page is made for its request, and a cold one is
#: compressed once per view: the fastest level (nginx's default, ``gzip_comp_level 1``)
#: halves that CPU (0.2 to 0.1 ms for a 24-deal scoreboard) for about a tenth more bytes
#: (3.4 to 3.8 KB). A file is compressed once per process and kept: the default level.
PAGE_LEVEL = 1
FILE_LEVEL = 6

_compressed: LRU[bytes] = LRU(256, max_weight=16 * 1024 * 1024, weigh=len)


def _gzip(data: bytes, level: int) -> bytes:
    key = (hashlib.blake2b(data, digest_size=16).digest(), len(data), level)
    return _compressed.get_or_make(
        key, lambda: gzip.compress(data, compresslevel=level, mtime=0))


def compress(response: Response) -> Response:
    """The response gzip-compressed, when the browser accepts it and it is worth it."""
    generated = response.is_streamed and not response.direct_passthrough
    if (response.status_code != 200 or response.mimetype not in COMPRESSIBLE or generated
            or "Content-Encoding" in response.headers
            or "gzip" not in request.headers.get("Accept-Encoding", "")):
        return response
    level = FILE_LEVEL if response.direct_passthrough else PAGE_LEVEL  # a file sent as is
    response.direct_passthrough = False
    data = response.get_data()
    response.vary.add("Accept-Encoding")
    if len(data) < MIN_BYTES:
        return response
    response.set_data(_gzip(data, level))
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag:  # another representation of the same file
        response.set_etag(etag + "-gz", weak=bool(weak))
    return response


def init_app(app: Flask) -> None:
    """Compress every response that the browser accepts compressed."""
    app.after_request(compress)

