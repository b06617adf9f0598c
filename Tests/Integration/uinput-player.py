#!/usr/bin/python3
"""A touch device for the claiming test (claim-in-guest.sh): a uinput device made from an evemu
description, into which events files are played with their timing, through uinput.

Not evemu-play: it writes to the device's evdev node, and the kernel drops what is written
there while another reader (forcetouchd, claiming the device) holds the grab. What a device
sends through uinput reaches the grabbing reader, as a real touchscreen's events do.

Usage: uinput-player.py DESC FIFO OUT
Prints `created at /dev/input/eventN` to OUT, then plays each events file named on a line
`play FILE` of FIFO and prints `played FILE` when done; `quit` (or the FIFO's end) removes
the device. With PLAYER_TIMES=FILE, each frame's CLOCK_MONOTONIC time just before its write
goes there, a line a frame (the live benchmark's latency of a claimed device's clone).
"""
import os
import struct
import sys
import time

from evdev import AbsInfo, UInput, ecodes


def description(path):
    name, ids, props, caps, bits = "", [3, 0, 0, 0], [], {}, {}
    for line in open(path):
        kind, _, rest = line.partition(": ")
        rest = rest.strip()
        if kind == "N":
            name = rest
        elif kind == "I":
            ids = [int(x, 16) for x in rest.split()]
        elif kind == "P":
            for i, byte in enumerate(int(x, 16) for x in rest.split()):
                props += [i * 8 + b for b in range(8) if byte & (1 << b)]
        elif kind == "B":
            # A type's bitmask goes on over as many lines as it takes, 8 bytes a line.
            fields = [int(x, 16) for x in rest.split()]
            bits.setdefault(fields[0], []).extend(fields[1:])
        elif kind == "A":
            code, lo, hi, fuzz, flat, res = [int(x, 16) if i == 0 else int(x) for i, x in enumerate(rest.split())]
            caps.setdefault(ecodes.EV_ABS, []).append((code, AbsInfo(0, lo, hi, fuzz, flat, res)))
    for ev, mask in bits.items():
        codes = [i * 8 + b for i, byte in enumerate(mask) for b in range(8) if byte & (1 << b)]
        if ev not in (ecodes.EV_SYN, ecodes.EV_ABS, ecodes.EV_REP) and codes:
            caps[ev] = codes
    return name, ids, props, caps


def events(path):
    for line in open(path):
        if line.startswith("E:"):
            _, t, ev, code, value = line.split()[:5]
            yield float(t), int(ev, 16), int(code, 16), int(value)


def play(ui, path, times=None):
    """A frame goes out in one write, as a driver reports it: one syscall an event would be
    slower, under emulation, than ten fingers at 1 kHz."""
    start, first, frame = time.monotonic(), None, []
    for t, ev, code, value in events(path):
        if first is None:
            first = t
        frame.append(struct.pack("llHHi", 0, 0, ev, code, value))
        if ev == ecodes.EV_SYN and code == ecodes.SYN_REPORT:
            delay = start + (t - first) - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            if times:
                times.write(f"{time.monotonic():.6f}\n")
            os.write(ui.fd, b"".join(frame))
            frame = []
    if frame:
        os.write(ui.fd, b"".join(frame))


def main():
    desc, fifo, out = sys.argv[1:4]
    name, (bus, vendor, product, version), props, caps = description(desc)
    ui = UInput(caps, name=name, vendor=vendor, product=product, version=version, bustype=bus,
                phys="forcetouch-test/input0", input_props=props)
    with open(out, "a", buffering=1) as log:
        log.write(f"created at {ui.device.path}\n")
        while True:
            with open(fifo) as commands:
                for line in commands:
                    word, _, arg = line.strip().partition(" ")
                    if word == "play":
                        times = open(os.environ["PLAYER_TIMES"], "a") if os.environ.get("PLAYER_TIMES") else None
                        play(ui, arg, times)
                        if times:
                            times.close()
                        log.write(f"played {arg}\n")
                    elif word == "quit":
                        ui.close()
                        return


main()
