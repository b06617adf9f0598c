# A plain tap on the touchscreen, with every change of state: the tap waits out the
# double-tap window (a double tap is bound), then fires at 0.38 s.
transitions
0.00 down 500 300
0.08 up
---
0.000000  why: long-press idle → possible
0.000000  why: tap idle → touching
0.080000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.080000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.080000  why: long-press possible → idle
0.080000  why: tap touching → waiting
0.380000  why: tap waiting → idle
0.380000  binding[1] (line 1) tap ended fingers=1
