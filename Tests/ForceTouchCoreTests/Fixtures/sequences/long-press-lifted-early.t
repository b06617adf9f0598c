# A still touch lifted after 0.45 s: 0.05 s short of a long press.
0.00 down 500 300
0.45 up
---
0.450000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.450000  why: long-press refused: lifted after 0.45 s < 0.5 s
0.450000  why: tap refused: lasted 0.45 s > 0.35 s tap limit
