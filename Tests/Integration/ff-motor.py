#!/usr/bin/python3
"""A vibration motor for the haptics test (daemon-in-guest.sh) and its benchmark
(Benchmarks/haptics): a uinput device with force feedback (FF_RUMBLE, as phones expose
theirs), whose side of uinput answers each effect upload and erase, as a driver would, and
sees each effect the daemon plays.

Usage: ff-motor.py NAME OUT
Prints `created at /dev/input/eventN` to OUT, then one line a request:
`upload id=N type=0xTT length=MS strength=PERCENT`, `erase id=N`, and
`play id=N value=V time=SECONDS` (the EV_FF event's CLOCK_MONOTONIC time, stamped by the
kernel when the daemon wrote it). Runs until killed.

The device is set up with uinput's own ioctls: python3-evdev's UInput takes no maximum of
effects, and the daemon uploads two.
"""
import fcntl
import os
import struct
import sys
import time

EV_FF, FF_RUMBLE, EV_UINPUT, UI_FF_UPLOAD, UI_FF_ERASE = 0x15, 0x50, 0x0101, 1, 2
UI_SET_EVBIT, UI_SET_FFBIT, UI_DEV_SETUP, UI_DEV_CREATE = 0x40045564, 0x4004556B, 0x405C5503, 0x5501
# struct uinput_ff_upload: request_id, retval, then two struct ff_effect of 48 bytes (x86-64).
UPLOAD = struct.Struct("Ii48s48s")
UI_BEGIN_FF_UPLOAD, UI_END_FF_UPLOAD = 0xC06855C8, 0x406855C9
ERASE = struct.Struct("IiI")
UI_BEGIN_FF_ERASE, UI_END_FF_ERASE = 0xC00C55CA, 0x400C55CB
EVENT = struct.Struct("qqHHi")


def sysname(fd):
    buf = bytearray(64)
    fcntl.ioctl(fd, 0x80000000 | (len(buf) << 16) | 0x552C, buf)  # UI_GET_SYSNAME
    return buf.split(b"\0")[0].decode()


def main():
    name, out = sys.argv[1], open(sys.argv[2], "w", buffering=1)
    fd = os.open("/dev/uinput", os.O_RDWR)
    fcntl.ioctl(fd, UI_SET_EVBIT, EV_FF)
    fcntl.ioctl(fd, UI_SET_FFBIT, FF_RUMBLE)
    # struct uinput_setup: input_id (bustype, vendor, product, version), name[80], ff_effects_max.
    fcntl.ioctl(fd, UI_DEV_SETUP, struct.pack("HHHH80sI", 0x06, 0x1234, 0x0ff0, 1, name.encode(), 16))
    fcntl.ioctl(fd, UI_DEV_CREATE)
    sys_dir = f"/sys/devices/virtual/input/{sysname(fd)}"
    node = None
    for _ in range(100):
        node = next((e for e in os.listdir(sys_dir) if e.startswith("event")), None)
        if node:
            break
        time.sleep(0.05)
    out.write(f"created at /dev/input/{node}\n")
    while True:
        sec, usec, kind, code, value = EVENT.unpack(os.read(fd, EVENT.size))
        if kind == EV_UINPUT and code == UI_FF_UPLOAD:
            request = bytearray(UPLOAD.pack(value, 0, bytes(48), bytes(48)))
            fcntl.ioctl(fd, UI_BEGIN_FF_UPLOAD, request)
            effect = UPLOAD.unpack(request)[2]
            kind, effect_id, length, strong = struct.unpack_from("Hh6xH4xH", effect)
            out.write(f"upload id={effect_id} type=0x{kind:02x} length={length} "
                      f"strength={round(strong * 100 / 0xFFFF)}\n")
            struct.pack_into("i", request, 4, 0)
            fcntl.ioctl(fd, UI_END_FF_UPLOAD, request)
        elif kind == EV_UINPUT and code == UI_FF_ERASE:
            request = bytearray(ERASE.pack(value, 0, 0))
            fcntl.ioctl(fd, UI_BEGIN_FF_ERASE, request)
            out.write(f"erase id={ERASE.unpack(request)[2]}\n")
            fcntl.ioctl(fd, UI_END_FF_ERASE, request)
        elif kind == EV_FF:
            out.write(f"play id={code} value={value} time={sec}.{usec:06d}\n")


main()
