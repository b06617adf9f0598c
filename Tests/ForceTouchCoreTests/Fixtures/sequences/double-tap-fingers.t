# A one-finger tap, then a two-finger tap: a double tap needs the same fingers twice.
0.00 down 500 300
0.08 up
0.20 down 500 300 slot 0, down 650 300 slot 1
0.28 up slot 0, up slot 1
---
0.080000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.080000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.280000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.280000  why: deep-press [slot 1] refused: force 1.05 < peek 2
0.280000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.280000  why: tap (double-tap) refused: second tap with 2 fingers, the first with 1
0.280000  binding[1] (line 1) tap ended fingers=1
0.580000  binding[1] (line 1) tap ended fingers=2
