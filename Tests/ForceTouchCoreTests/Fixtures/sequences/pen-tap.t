# A firm pen tap: pressure at the top for 0.25 s, past the dwell but lifted before the pen
# hold (0.3 s), which tells a deliberate pen press from a tap.
device pen
0.00 down 500 300 force 3.0
0.10 move force 3.0
0.25 up
---
0.250000  why: deep-press [slot 0] refused: pen down 0.25 s < 0.3 s pen hold
0.250000  why: long-press refused: lifted after 0.25 s < 0.5 s
0.550000  binding[1] (line 1) tap ended fingers=1
