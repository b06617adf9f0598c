# A hard quick tap: past peek at once, lifted after 0.1 s, short of the 0.2 s dwell that
# tells a deliberate press from the impact of a tap.
0.00 down 500 300 force 3.0
0.05 move force 6.0
0.10 up
---
0.100000  why: deep-press [slot 0] refused: at or above peek for 0.1 s < 0.2 s dwell
0.100000  why: long-press refused: lifted after 0.1 s < 0.5 s
0.400000  binding[1] (line 1) tap ended fingers=1
