# A screenshot of KWin's screen for Tests/Documented/kde-on-host.sh, through KWin's own
# org.kde.KWin.ScreenShot2 interface (KWin 5.27 has no wlr-screencopy, so grim cannot shoot it).
# KWin writes the pixels into a pipe it is handed; its permission check (a .desktop file naming
# the caller) is off in the test's KWin (KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1). Tests only.
#
#   python3 kwin-screenshot.py X Y W H FILE.png   the area, as a PNG (written by ImageMagick)
#
# Run with /usr/bin/python3 (gi).
import os
import subprocess
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

x, y, w, h = (int(v) for v in sys.argv[1:5])
png = sys.argv[5]
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
r, wfd = os.pipe()
fds = Gio.UnixFDList.new()
index = fds.append(wfd)
os.close(wfd)
try:
    reply, _ = bus.call_with_unix_fd_list_sync(
        "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureArea",
        GLib.Variant("(iiuua{sv}h)", (x, y, w, h, {"native-resolution": GLib.Variant("b", True)}, index)),
        GLib.VariantType("(a{sv})"), Gio.DBusCallFlags.NONE, 10000, fds, None)
except GLib.Error as e:
    sys.exit(f"kwin-screenshot: {e.message}")
del fds
info = reply.unpack()[0]
data = bytearray()
with os.fdopen(r, "rb") as pipe:
    while chunk := pipe.read(1 << 20):
        data += chunk
width, height, stride = info["width"], info["height"], info["stride"]
# QImage::Format_ARGB32(_Premultiplied) or RGB32: B, G, R, A in memory; rows `stride` bytes apart.
if info.get("format") not in (4, 5, 6) or len(data) < stride * height:
    sys.exit(f"kwin-screenshot: unexpected image {info} ({len(data)} bytes)")
rows = b"".join(bytes(data[i * stride:i * stride + width * 4]) for i in range(height))
subprocess.run(["convert", "-size", f"{width}x{height}", "-depth", "8", "bgra:-", "-alpha", "off", png],
               input=rows, check=True)
