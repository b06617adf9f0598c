#!/usr/bin/python3
"""Records an evdev node for the claiming test (claim-in-guest.sh): every event, in evemu's
`E:` lines, written when SIGTERM ends the recording. Unlike evemu-record, which writes a line
an event, it keeps up with ten fingers at 1 kHz under emulation: the kernel's buffer for this
reader never overflows, so a drop it records is the sender's.

Usage: evdev-recorder.py NODE OUT. Writes OUT.ready once the node is open.
"""
import signal
import sys

from evdev import InputDevice

node, out = sys.argv[1:3]
device = InputDevice(node)
events = []


def stop(*_):
    with open(out, "w") as f:
        for sec, usec, ev, code, value in events:
            f.write(f"E: {sec}.{usec:06d} {ev:04x} {code:04x} {value:04d}\n")
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
open(out + ".ready", "w").close()
for e in device.read_loop():
    events.append((e.sec, e.usec, e.type, e.code, e.value))
