#!/usr/bin/python3
"""Records an evdev node for the claiming test (claim-in-guest.sh): every event, in evemu's
`E:` lines, written when SIGTERM ends the recording. Unlike evemu-record, which formats a line
an event as it reads, it keeps the raw bytes and formats them at the end, so it keeps up with
ten fingers at 1 kHz under emulation: a drop it records is the sender's, not its own.

Usage: evdev-recorder.py NODE OUT. Writes OUT.ready once the node is open.
"""
import os
import signal
import struct
import sys

node, out = sys.argv[1:3]
fd = os.open(node, os.O_RDONLY)
chunks = []
EVENT = struct.Struct("llHHi")


def stop(*_):
    data = b"".join(chunks)
    with open(out, "w") as f:
        for sec, usec, ev, code, value in EVENT.iter_unpack(data[: len(data) - len(data) % EVENT.size]):
            f.write(f"E: {sec}.{usec:06d} {ev:04x} {code:04x} {value:04d}\n")
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
open(out + ".ready", "w").close()
while True:
    chunks.append(os.read(fd, EVENT.size * 1024))
