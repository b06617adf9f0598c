#!/usr/bin/env python3
"""The clients of the fairness tests: fairness-in-guest.sh, and on the host
RobustnessProgramTests.idleAndFloodingClientsDoNotLockOutForcectl.

Usage: flood-clients.py SOCKET SECONDS

Opens 64 idle connections to forcetouchd's control socket, then, for SECONDS, one connection
floods it (status requests and blank lines as fast as the daemon reads them, the replies read)
while a second client connects every 200 ms, asks for status and times the whole reply. Prints
the timing before the flood (the machine's own speed), how many replies the flood got, and
the timing during the flood ("status replies N median M ms worst W ms").
"""
import os, socket, sys, time
path, seconds = sys.argv[1], float(sys.argv[2])
idle = []
for i in range(64):
    s = socket.socket(socket.AF_UNIX); s.connect(path); idle.append(s)
time.sleep(1)   # idle long enough (0.5 s) to make room for newcomers at the per-user cap

def timed_status():
    """Milliseconds from connecting to a whole status reply (1e9 for none)."""
    t = time.time()
    c = socket.socket(socket.AF_UNIX); c.settimeout(5); c.connect(path)
    c.sendall(b'{"op":"status"}\n')
    reply = b''
    try:
        while not reply.endswith(b'\n'):
            data = c.recv(65536)
            if not data: break
            reply += data
    except OSError: pass
    c.close()
    return (time.time() - t) * 1000 if b'"ok":true' in reply else 1e9

def report(what, times):
    times.sort()
    print(what, len(times), "median %.1f ms" % times[len(times) // 2], "worst %.1f ms" % times[-1], flush=True)

# The same measure before the flood, for comparison: the guest's own speed.
report("before the flood, status replies", [timed_status() for _ in range(5)])
pid = os.fork()
if pid == 0:
    # The flood never sleeps: at nice 10 it leaves the CPUs to the daemon and the timed client
    # as well, so that what is timed is the daemon's fairness, not the scheduler's. Its socket
    # stays full all the same.
    os.nice(10)
    s = socket.socket(socket.AF_UNIX); s.connect(path); s.setblocking(False)
    chunk = (b'{"op":"status"}\n' + b'\n' * 15) * 2048
    end = time.time() + seconds
    answered = 0
    while time.time() < end:
        try: s.send(chunk)
        except BlockingIOError: pass
        except OSError: break
        try:
            while True:
                data = s.recv(1 << 20)
                if not data: break
                answered += data.count(b'\n')
        except BlockingIOError: pass
        except OSError: break
    print("flood answered", answered, "requests", flush=True)
    os._exit(0)
time.sleep(1)
times = []
end = time.time() + seconds - 2
while time.time() < end:
    times.append(timed_status()); time.sleep(0.2)
os.waitpid(pid, 0)
report("status replies", times)
