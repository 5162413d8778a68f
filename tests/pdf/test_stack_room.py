"""The PDF engine's frame-stack trampoline is applied only where CPython frees a
data-stack chunk as soon as its frame returns (python/cpython gh-142183)."""

from __future__ import annotations

import sys

from scorekeeper.pdf import engine


def test_the_patch_is_gated_on_the_interpreters_it_helps() -> None:
    assert engine.stack_chunks_thrash("cpython", (3, 11, 7))
    assert engine.stack_chunks_thrash("cpython", (3, 14, 0))
    assert not engine.stack_chunks_thrash("cpython", (3, 10, 13))
    assert not engine.stack_chunks_thrash("cpython", (3, 15, 0))
    assert not engine.stack_chunks_thrash("pypy", (3, 11, 0))


def test_this_interpreter_gets_the_room_it_needs() -> None:
    size = engine._with_stack_room.__code__.co_stacksize
    if engine.stack_chunks_thrash(sys.implementation.name, sys.version_info[:3]):
        assert size >= engine._STACK_ROOM_SLOTS
    else:
        assert size < engine._STACK_ROOM_SLOTS
    assert engine._with_stack_room(lambda: 42) == 42
