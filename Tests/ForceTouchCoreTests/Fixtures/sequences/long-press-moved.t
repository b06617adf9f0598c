# A hold that drifts 3 mm before 0.5 s: no long press (2 mm slop), no tap (too long).
0.00 down 500 300
0.20 move 515 300
0.30 move 530 300
0.80 up
---
0.300000  why: long-press refused: moved 3 mm > 2 mm slop
0.300000  why: tap refused: moved 3 mm > 2 mm slop
0.800000  why: deep-press [slot 0] refused: moved 3 mm > 2 mm slop
