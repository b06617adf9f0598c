#!/usr/bin/env python3
"""The two streams the live benchmark plays, as evemu event files (E: lines), for
touchscreen.desc (10 slots, ABS_MT_PRESSURE 0-255):

dense.events   10 contacts at 1 kHz, every contact moving a little and changing pressure
               every frame: 41 events a frame (the issue's 410 k events in 10 s).
typical.events 2 fingers at most, at 120 Hz, in cycles of the gestures users make:
               a tap, a two-finger tap, a long press, a deep press; pressure never still.

Usage: make-streams.py OUTDIR DENSE_SECONDS CYCLES
"""
import sys

ABS, KEY, SYN = 3, 1, 0
SLOT, TRACKING, MX, MY, PRESSURE = 0x2F, 0x39, 0x35, 0x36, 0x3A
BTN_TOUCH = 0x14A


class Stream:
    def __init__(self, path):
        self.out = open(path, "w")
        self.t = 0.0
        self.events = 0
        self.next_id = 1

    def ev(self, type_, code, value):
        self.out.write(f"E: {self.t:.6f} {type_:04x} {code:04x} {value}\n")
        self.events += 1

    def frame(self, contacts, btn=None):
        """contacts: {slot: (x, y, pressure) or None for a lift, tracking id new when 'down'}"""
        for slot, c in contacts.items():
            self.ev(ABS, SLOT, slot)
            if c is None:
                self.ev(ABS, TRACKING, -1)
                continue
            x, y, p, down = c
            if down:
                self.ev(ABS, TRACKING, self.next_id)
                self.next_id += 1
            self.ev(ABS, MX, x)
            self.ev(ABS, MY, y)
            self.ev(ABS, PRESSURE, p)
        if btn is not None:
            self.ev(KEY, BTN_TOUCH, btn)
        self.ev(SYN, 0, 0)

    def close(self):
        self.out.close()
        return self.events


def dense(path, seconds):
    s = Stream(path)
    frames = max(int(seconds * 1000), 2)
    for f in range(frames):
        contacts = {}
        for slot in range(10):
            x = 80 + slot * 90 + (f + slot) % 3
            y = 300 + (f + 2 * slot) % 3
            p = 40 + (f * 7 + slot * 13) % 40   # 40..79: pressed, never deep
            contacts[slot] = (x, y, p, f == 0)
        if f == frames - 1:
            contacts = {slot: None for slot in range(10)}
        s.frame(contacts, btn=1 if f == 0 else (0 if f == frames - 1 else None))
        s.t += 0.001
    return s.close()


def typical(path, cycles):
    s = Stream(path)
    dt = 1 / 120
    gap = 0.45   # more than the double-tap window: every tap is a tap of its own

    def touch(fingers, seconds, pressure):
        n = max(int(seconds / dt), 2)
        for f in range(n):
            contacts = {}
            for i in range(fingers):
                x, y = 300 + 200 * i + f % 2, 300 + (f // 2) % 2
                contacts[i] = (x, y, pressure(f, n), f == 0)
            s.frame(contacts, btn=1 if f == 0 else None)
            s.t += dt
        s.frame({i: None for i in range(fingers)}, btn=0)
        s.t += gap

    steady = lambda f, n: 40 + f % 5                           # a light touch, never still
    ramp = lambda f, n: min(40 + 12 * f, 140) + f % 3 if f < n - 12 else max(140 - 12 * (f - n + 12), 40)
    for _ in range(cycles):
        touch(1, 0.08, steady)        # tap
        touch(2, 0.08, steady)        # two-finger tap
        touch(1, 0.8, steady)         # long press
        touch(1, 0.6, ramp)           # deep press: past peek and pop, held, released
    s.t += 0.2
    s.ev(SYN, 0, 0)
    return s.close()


if __name__ == "__main__":
    out, seconds, cycles = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    print("dense", dense(f"{out}/dense.events", seconds))
    print("typical", typical(f"{out}/typical.events", cycles))
