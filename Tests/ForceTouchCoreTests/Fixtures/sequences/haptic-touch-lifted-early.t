# Haptic Touch (the deep press's quick-actions menu bound, no force): lifted at 0.3 s, short
# of its 0.38 s; a second finger, however still, is no Haptic Touch either.
device no-pressure
menu
0.00 down 500 300
0.30 up
1.00 down 500 300
1.10 down 700 300 slot 1
1.80 up, up slot 1
---
0.300000  why: long-press refused: lifted after 0.3 s < 0.5 s
0.300000  why: haptic-touch (deep-press) refused: lifted after 0.3 s < 0.38 s
0.600000  binding[1] (line 1) tap ended fingers=1
1.100000  why: haptic-touch (deep-press) refused: 2 fingers > 1
1.500000  why: tap refused: taken by the long-press
1.500000  binding[3] (line 9) long-press began fingers=2
