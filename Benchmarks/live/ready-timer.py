#!/usr/bin/python3
"""Starts a program as systemd would, with NOTIFY_SOCKET, and prints how long it took to say
READY=1, its resident memory then (VmRSS, kB) and how long it took to exit on SIGTERM:
`ready-timer.py PROGRAM ARGS...`.

The socket is this script's own: the program is timed from exec to the datagram, the way
systemd decides that a Type=notify service has started."""
import os
import socket
import subprocess
import sys
import tempfile
import time

directory = tempfile.mkdtemp()
os.chmod(directory, 0o755)  # the daemon drops to nobody before it says READY=1
path = os.path.join(directory, "notify")
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind(path)
os.chmod(path, 0o777)
sock.settimeout(60)
start = time.monotonic()
child = subprocess.Popen(sys.argv[1:], env=dict(os.environ, NOTIFY_SOCKET=path),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    while True:
        if b"READY=1" in sock.recv(4096).split(b"\n"):
            break
    ready = time.monotonic() - start
    with open(f"/proc/{child.pid}/status") as status:
        rss = next(line.split()[1] for line in status if line.startswith("VmRSS:"))
    time.sleep(0.5)  # idle: whatever start-up left to do is done
    stopping = time.monotonic()
    child.terminate()
    child.wait()
    stop = time.monotonic() - stopping
    print(f"ready {ready * 1000:.1f} ms rss {rss} kB stop {stop * 1000:.1f} ms")
finally:
    if child.poll() is None:
        child.terminate()
        child.wait()
    os.unlink(path)
    os.rmdir(directory)
