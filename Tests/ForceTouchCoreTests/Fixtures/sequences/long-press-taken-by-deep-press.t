# A press deep enough and long enough before 0.5 s: the deep press fires at the end of
# its dwell, and the long press is refused.
transitions
0.00 down 500 300 force 1.0
0.10 move force 3.0
0.20 move force 3.0
0.35 move force 3.0
0.60 up
---
0.000000  why: long-press idle → possible
0.000000  why: tap idle → touching
0.100000  why: deep-press [slot 0] idle → holding
0.300000  why: deep-press [slot 0] holding → peek
0.300000  why: long-press refused: taken by the deep-press
0.300000  why: long-press possible → failed
0.300000  why: tap refused: taken by the deep-press
0.300000  why: tap touching → failed
0.300000  binding[4] (line 13) deep-press began fingers=1
0.600000  why: deep-press [slot 0] peek → idle
0.600000  why: long-press failed → idle
0.600000  why: tap failed → idle
