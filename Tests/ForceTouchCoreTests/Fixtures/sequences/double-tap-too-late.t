# Two taps 0.4 s apart (from the first lift to the second touch): two taps, not a double
# tap (0.3 s at most).
0.00 down 500 300
0.08 up
0.48 down 500 300
0.56 up
---
0.080000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.080000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.380000  binding[1] (line 1) tap ended fingers=1
0.560000  why: deep-press [slot 0] refused: force 1.05 < peek 2
0.560000  why: long-press refused: lifted after 0.08 s < 0.5 s
0.860000  binding[1] (line 1) tap ended fingers=1
