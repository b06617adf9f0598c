# A firm touch held 0.6 s at force 1.8: short of peek (2), so only a long press.
0.00 down 500 300 force 1.0
0.10 move force 1.8
0.30 move force 1.8
0.60 up
---
0.500000  why: tap refused: taken by the long-press
0.500000  binding[3] (line 9) long-press began fingers=1
0.600000  why: deep-press [slot 0] refused: force 1.8 < peek 2
