# A hard drag: force past peek, but moving 3 mm first (2 mm slop): a scroll or a stroke,
# not a deep press.
0.00 down 500 300 force 1.0
0.05 move 530 300 force 1.5
0.10 move 540 300 force 3.0
0.20 move 550 300 force 3.0
0.40 move 560 300 force 3.0
0.50 up
---
0.050000  why: long-press refused: moved 3 mm > 2 mm slop
0.050000  why: tap refused: moved 3 mm > 2 mm slop
0.500000  why: deep-press [slot 0] refused: moved 6 mm > 2 mm slop
