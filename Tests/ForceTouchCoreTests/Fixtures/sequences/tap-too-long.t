# A still touch lifted after 0.4 s: too long for a tap (0.35 s), too short for a long
# press (0.5 s).
0.00 down 500 300
0.40 up
---
0.400000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.400000  why: long-press refused: lifted after 0.4 s < 0.5 s
0.400000  why: tap refused: lasted 0.4 s > 0.35 s tap limit
