# A deliberate press: force past peek (2) and held for the dwell (0.2 s). The deep press
# takes the touch from the tap and the long press.
0.00 down 500 300 force 1.0
0.05 move force 2.5
0.15 move force 3.0
0.25 move force 3.0
0.30 move force 3.0
0.40 up
---
0.250000  why: long-press refused: taken by the deep-press
0.250000  why: tap refused: taken by the deep-press
0.250000  binding[4] (line 13) deep-press began fingers=1
