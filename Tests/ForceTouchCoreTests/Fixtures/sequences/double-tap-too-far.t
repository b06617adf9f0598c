# Two taps 12 mm apart: two taps, not a double tap (10 mm at most).
0.00 down 500 300
0.08 up
0.20 down 620 300
0.28 up
---
0.080000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.080000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.280000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.280000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.280000  why: tap (double-tap) refused: second tap 12 mm from the first > 10 mm
0.280000  binding[1] (line 1) tap ended fingers=1
0.580000  binding[1] (line 1) tap ended fingers=1
