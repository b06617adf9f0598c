# Ten fingers held still 3 s, one after another pressing to peek and easing off before the
# dwell: a deep press is being decided all along, and the long press waits for it (SPEC §4).
0.00 down 100 300 force 1.0 slot 0, down 180 300 force 1.0 slot 1, down 260 300 force 1.0 slot 2, down 340 300 force 1.0 slot 3, down 420 300 force 1.0 slot 4, down 500 300 force 1.0 slot 5, down 580 300 force 1.0 slot 6, down 660 300 force 1.0 slot 7, down 740 300 force 1.0 slot 8, down 820 300 force 1.0 slot 9
0.10 move 100 300 force 2.5 slot 0
0.20 move 180 300 force 2.5 slot 1, move 100 300 force 1.0 slot 0
0.30 move 260 300 force 2.5 slot 2, move 180 300 force 1.0 slot 1
0.40 move 340 300 force 2.5 slot 3, move 260 300 force 1.0 slot 2
0.50 move 420 300 force 2.5 slot 4, move 340 300 force 1.0 slot 3
0.60 move 500 300 force 2.5 slot 5, move 420 300 force 1.0 slot 4
0.70 move 580 300 force 2.5 slot 6, move 500 300 force 1.0 slot 5
0.80 move 660 300 force 2.5 slot 7, move 580 300 force 1.0 slot 6
0.90 move 740 300 force 2.5 slot 8, move 660 300 force 1.0 slot 7
1.00 move 820 300 force 2.5 slot 9, move 740 300 force 1.0 slot 8
1.10 move 100 300 force 2.5 slot 0, move 820 300 force 1.0 slot 9
1.20 move 180 300 force 2.5 slot 1, move 100 300 force 1.0 slot 0
1.30 move 260 300 force 2.5 slot 2, move 180 300 force 1.0 slot 1
1.40 move 340 300 force 2.5 slot 3, move 260 300 force 1.0 slot 2
1.50 move 420 300 force 2.5 slot 4, move 340 300 force 1.0 slot 3
1.60 move 500 300 force 2.5 slot 5, move 420 300 force 1.0 slot 4
1.70 move 580 300 force 2.5 slot 6, move 500 300 force 1.0 slot 5
1.80 move 660 300 force 2.5 slot 7, move 580 300 force 1.0 slot 6
1.90 move 740 300 force 2.5 slot 8, move 660 300 force 1.0 slot 7
2.00 move 820 300 force 2.5 slot 9, move 740 300 force 1.0 slot 8
2.10 move 100 300 force 2.5 slot 0, move 820 300 force 1.0 slot 9
2.20 move 180 300 force 2.5 slot 1, move 100 300 force 1.0 slot 0
2.30 move 260 300 force 2.5 slot 2, move 180 300 force 1.0 slot 1
2.40 move 340 300 force 2.5 slot 3, move 260 300 force 1.0 slot 2
2.50 move 420 300 force 2.5 slot 4, move 340 300 force 1.0 slot 3
2.60 move 500 300 force 2.5 slot 5, move 420 300 force 1.0 slot 4
2.70 move 580 300 force 2.5 slot 6, move 500 300 force 1.0 slot 5
2.80 move 660 300 force 2.5 slot 7, move 580 300 force 1.0 slot 6
2.90 move 740 300 force 2.5 slot 8, move 660 300 force 1.0 slot 7
3.00 up slot 0, up slot 1, up slot 2, up slot 3, up slot 4, up slot 5, up slot 6, up slot 7, up slot 8, up slot 9
---
0.400000  why: tap refused: lasted 0.4 s > 0.35 s tap limit
3.000000  why: deep-press [slot 0] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 1] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 2] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 3] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 4] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 5] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 6] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 7] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 8] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: deep-press [slot 9] refused: at or above peek for 0.1 s < 0.2 s dwell
3.000000  why: long-press refused: lifted after 3 s, past 0.5 s but while waiting for a deep press to be decided
