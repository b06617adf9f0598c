#!/usr/bin/env python3
# One D-Bus method call with a string argument of any size, on the bare wire protocol: busctl
# and gdbus take arguments from argv, where one string is at most 128 KiB (MAX_ARG_STRLEN).
# Usage: dbus-big-call.py ADDRESS(unix:path=…) DEST PATH IFACE MEMBER < ARGUMENT; prints
# "return …" or "error NAME: MESSAGE".
import os, socket, struct, sys
address, dest, path, iface, member = sys.argv[1:6]
arg = sys.stdin.buffer.read()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(address.split("path=", 1)[1].split(",")[0])
s.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
f = s.makefile("rb")
assert f.readline().startswith(b"OK"), "not authenticated"
s.sendall(b"BEGIN\r\n")
def pad(b, n): return b + b"\0" * (-len(b) % n)
def string(v): return struct.pack("<I", len(v)) + v + b"\0"
def call(serial, dest, path, iface, member, body=b"", sig=b""):
    fields = b""
    for code, t, v in [(1, b"o", path), (2, b"s", iface), (3, b"s", member), (6, b"s", dest)] + ([(8, b"g", sig)] if sig else []):
        val = (bytes([len(v)]) + v + b"\0") if t == b"g" else string(v)
        fields = pad(fields, 8) + bytes([code, 1]) + t + b"\0" + val
    head = b"l" + bytes([1, 0, 1]) + struct.pack("<III", len(body), serial, len(fields))
    s.sendall(pad(head + fields, 8) + body)
def read(n):
    b = b""
    while len(b) < n:
        c = f.read(n - len(b))
        if not c: raise EOFError
        b += c
    return b
def reply(serial):
    while True:
        head = read(16)
        kind, blen, _, flen = head[1], *struct.unpack("<III", head[4:16])
        fields = read(flen + (-(16 + flen) % 8))
        body = read(blen)
        # header fields: REPLY_SERIAL (5, u), ERROR_NAME (4, s)
        i, got, err = 0, None, None
        while i < flen:
            i += -i % 8
            code, siglen = fields[i], fields[i + 1]
            t = fields[i + 2:i + 2 + siglen]; i += 3 + siglen
            if t == b"u": i += -i % 4; v = struct.unpack("<I", fields[i:i + 4])[0]; i += 4
            elif t in (b"s", b"o"): i += -i % 4; n = struct.unpack("<I", fields[i:i + 4])[0]; v = fields[i + 4:i + 4 + n].decode(); i += 5 + n
            elif t == b"g": n = fields[i]; v = fields[i + 1:i + 1 + n]; i += 2 + n
            else: break
            if code == 5: got = v
            if code == 4: err = v
        if got == serial and kind in (2, 3):
            text = body[4:4 + struct.unpack("<I", body[:4])[0]].decode(errors="replace") if kind == 3 and body else ""
            return (kind, err, text, body)
call(1, b"org.freedesktop.DBus", b"/org/freedesktop/DBus", b"org.freedesktop.DBus", b"Hello")
reply(1)
call(2, dest.encode(), path.encode(), iface.encode(), member.encode(), string(arg), b"s")
kind, err, text, body = reply(2)
print(f"error {err}: {text}" if kind == 3 else f"return {body[:64]!r}")
