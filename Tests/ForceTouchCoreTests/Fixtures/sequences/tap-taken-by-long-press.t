# A still hold past 0.5 s: the long press fires, and the tap is refused then.
0.00 down 500 300
1.00 up
---
0.500000  why: tap refused: taken by the long-press
0.500000  binding[3] (line 9) long-press began fingers=1
1.000000  why: deep-press [slot 0] refused: force 1.05 < peek 2
